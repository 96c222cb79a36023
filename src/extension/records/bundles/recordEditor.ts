// Entry of dist/recordEditor.js: the record editor (documents, webview sessions, saving), loaded
// the first time a record opens. The main bundle only registers the custom editor and commands
// (src/extension/records/editor/registerRecordEditor.ts). See README.md here for the rules of a lazy bundle.
export { RecordEditorProvider } from '../editor/recordEditorProvider';
export { RecordJsonFileSystem } from '../editor/recordJsonFileSystem';
