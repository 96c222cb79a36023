// The context keys that check off the walkthrough's steps (package.json `completionEvents`:
// `onContext:<key>`). No `vscode` import, so a unit test holds them against the manifest.
export const WALKTHROUGH_CONTEXT = {
  // True only for a moment at a time (connections/localSandbox/sandboxWalkthrough.ts says why).
  sandboxConnected: 'records.walkthrough.sandboxConnected',
  browsed: 'records.walkthrough.browsed',
  recordOpened: 'records.walkthrough.recordOpened',
  queryRan: 'records.walkthrough.queryRan',
  notebookOpened: 'records.walkthrough.notebookOpened',
  fileAttached: 'records.walkthrough.fileAttached',
} as const;

export type WalkthroughStep = keyof typeof WALKTHROUGH_CONTEXT;
