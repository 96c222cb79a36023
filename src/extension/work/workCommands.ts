// Command ids of the work feature, shared by the main bundle (which registers them) and dist/work.js.
export const WORK_COMMANDS = {
  start: 'records.work.start',
  finish: 'records.work.finish',
  stop: 'records.work.stop',
  /** The TODO comment's code action: (uri, line). */
  createFromTodo: 'records.work.createFromTodo',
  createFromSelection: 'records.work.createFromSelection',
  /** The status bar item's click: the current record's menu. */
  showCurrent: 'records.work.showCurrent',
} as const;
