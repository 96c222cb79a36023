// Records with fixed ids and numbers that tests and docs rely on (see ./README.md).

export const HOSTILE_TASK_ID = '00000000-0000-4000-a000-000000000001';
/**
 * The hostile record is kept for the tests but out of a newcomer's first screen: IT/TASK100 (the
 * last task when there are fewer), past the first page of the tree and of a query sorted by date.
 */
export const HOSTILE_TASK_NUMBER = 100;
export function hostileTaskNumber(taskCount: number): number {
  return Math.min(HOSTILE_TASK_NUMBER, taskCount);
}
/** IT/TASK1, an everyday task (it was the hostile record). */
export const FIRST_TASK_ID = '00000000-0000-4000-a000-000000000007';
export const PRINTER_TASK_ID = '00000000-0000-4000-a000-000000000002';
export const CONFIDENTIAL_TASK_ID = '00000000-0000-4000-a000-000000000003';
export const PARENT_TASK_ID = '00000000-0000-4000-a000-000000000004';
export const CHILD_TASK_IDS = ['00000000-0000-4000-a000-000000000005', '00000000-0000-4000-a000-000000000006'] as const;
export const PRINTER_NOTES_FILE_UID = '00000000-0000-4000-b000-000000000002';
export const PRINTER_SPEC_FILE_UID = '00000000-0000-4000-b000-000000000003';

export const HOSTILE_MARKUP = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">click me</a>',
  '<style>body{display:none}</style>',
  '<div style="position:fixed;inset:0">overlay</div>',
].join(' ');

export const PRINTER_NOTES_TEXT =
  'Printer notes for floor 3.\nThe duplex unit jams on thick cardboard paper.\nOrder a maintenance kit from the vendor.\n';
export const PRINTER_SPEC_TEXT = '# Printer specification\n\nColour laser, 40 pages per minute, stapler finisher.\n';
