// Entry of dist/notebook.js: the RLX notebook's serializer, cell runner and output messages,
// loaded the first time a `.rlx` file opens as a notebook. See README.md here.
export { deserializeRlxNotebook, serializeRlxNotebookData } from '../query/notebook/notebookSerializer';
export { RlxCellRunner, summaryOf } from '../query/notebook/cellRunner';
export type { RunMode } from '../query/notebook/cellRunner';
export { bulkSelectionOf, onRendererMessage } from '../query/notebook/rendererMessages';
export type { NotebookHost } from '../query/notebook/notebookHost';
export { openUntitledAsNotebook, reopenInPlace } from '../query/notebook/reopenInPlace';
export type { RlxView } from '../query/notebook/reopenInPlace';
