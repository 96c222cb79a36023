// Entry of dist/recordEditor.js: the record editor (documents, webview sessions, saving), loaded
// the first time a record opens. The main bundle only registers the custom editor and commands
// (src/extension/records/editor/registerRecordEditor.ts). See README.md here for the rules of a lazy bundle.
export { RecordEditorProvider, type RecordEditorHost } from '../records/editor/recordEditorProvider';
export type { RecordDocument } from '../records/editor/recordDocument';
export { RecordJsonFileSystem } from '../records/editor/recordJsonFileSystem';
export type { RecordEditorSession } from '../records/editor/recordEditorSession';
