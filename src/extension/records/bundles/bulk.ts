// Entry of dist/bulk.js: bulk changes to many records (src/extension/records/bulk/bulkCommands.ts),
// loaded the first time a bulk command runs.
export { BulkActions } from '../bulk/bulkCommands';
