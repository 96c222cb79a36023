// Entry of dist/notebook.js: the RLX notebook's serializer, cell runner and output messages,
// loaded the first time a `.rlx` file opens as a notebook. See src/extension/README.md.
export { deserializeRlxNotebook, serializeRlxNotebookData } from '../notebook/notebookSerializer';
export { RlxCellRunner, summaryOf } from '../notebook/cellRunner';
export { onRendererMessage, tableOutputSelection } from '../notebook/rendererMessages';
export { openUntitledAsNotebook, reopenInPlace } from '../notebook/reopenInPlace';
