// Entry of dist/recordEditor.js: the record editor (documents, webview sessions, saving), loaded
// the first time a record opens. The main bundle only registers the custom editor and commands
// (src/extension/editor/registerRecordEditor.ts). See README.md here for the rules of a lazy bundle.
export { RecordEditorProvider, type RecordEditorDeps } from '../editor/recordEditorProvider';
export type { RecordDocument } from '../editor/recordDocument';
export { RecordJsonFileSystem } from '../editor/recordJsonFileSystem';
export type { RecordEditorSession } from '../editor/recordEditorSession';
