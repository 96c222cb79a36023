// Command ids of the work feature: registered by the main bundle, run by dist/work.js, and linked
// from other groups (a reference hover's Start Work), so they live in shared.
export const WORK_COMMANDS = {
  start: 'records.work.start',
  finish: 'records.work.finish',
  stop: 'records.work.stop',
  /** The TODO comment's code action: (uri, line). */
  createFromTodo: 'records.work.createFromTodo',
  createFromSelection: 'records.work.createFromSelection',
  myWorkRefresh: 'records.work.myWork.refresh',
  myWorkMarkSeen: 'records.work.myWork.markSeen',
  /** A My Work row's click: opens the record and counts its change as seen. */
  myWorkOpen: 'records.work.myWork.open',
  /** The status bar item's click: the current record's menu. */
  showCurrent: 'records.work.showCurrent',
} as const;

export const MY_WORK_VIEW_ID = 'records.myWork';
