// The `.rlx` language's ids: its command ids are registered at activation by
// registerRlxLanguage.ts (the doorway) and used by the language bundle's CodeLens and status bar.
export const RLX_LANGUAGE_ID = 'rlx';

export const RLX_COMMANDS = {
  runAtCursor: 'records.rlx.runAtCursor',
  runBlock: 'records.rlx.runBlock',
  copyRequest: 'records.rlx.copyRequest',
  count: 'records.rlx.count',
  refreshSchemas: 'records.rlx.refreshSchemas',
  newQuery: 'records.rlx.newQuery',
  sampleQuery: 'records.rlx.sampleQuery',
  openAsRlx: 'records.rlx.openAsRlx',
  chooseConnection: 'records.rlx.chooseConnection',
} as const;

export type RlxCommandName = keyof typeof RLX_COMMANDS;
