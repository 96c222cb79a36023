// Entry of dist/treeCommands.js: what the Records view's commands do (open, run an action,
// delete, copy, filter and sort an app, reveal a record, copy a record's request) and a record
// row's rich tooltip, loaded when one first runs or on the first hover. They are registered at
// activation by src/extension/browse/tree/registerTree.ts and src/extension/extension.ts; the
// first paint of the tree needs none of them.
export { copyId, copyReference, deleteRecord, openRecord, openRecordFormFromJson, runAction } from '../tree/commands/recordCommands';
export { clearFilter, setFilter, setSort } from '../tree/commands/appCommands';
export { revealRecord } from '../tree/commands/revealCommand';
export { copyRecordRequest } from '../../records/copyRequest';
export { resolveRecordTooltip } from '../tree/recordTooltipItem';
