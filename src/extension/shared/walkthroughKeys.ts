// The context keys that check off the walkthrough's steps (package.json `completionEvents`:
// `onContext:<key> == 1` and `onContext:<key> == 2`). No `vscode` import, so a unit test holds
// them against the manifest. Each is false at rest and takes the two values in turn, each only for
// a moment (shared/walkthrough.ts says why).
export const WALKTHROUGH_CONTEXT = {
  sandboxConnected: 'records.walkthrough.sandboxConnected',
  browsed: 'records.walkthrough.browsed',
  recordOpened: 'records.walkthrough.recordOpened',
  queryRan: 'records.walkthrough.queryRan',
  notebookOpened: 'records.walkthrough.notebookOpened',
  fileAttached: 'records.walkthrough.fileAttached',
} as const;

export type WalkthroughStep = keyof typeof WALKTHROUGH_CONTEXT;

/** The values a step's key takes in turn (by announcement count modulo 2); the manifest listens for each. */
export const WALKTHROUGH_CONTEXT_VALUES = ['2', '1'] as const;
