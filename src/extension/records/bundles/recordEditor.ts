// Entry of dist/recordEditor.js: the record editor (documents, webview sessions, saving), loaded
// the first time a record opens. The main bundle only registers the custom editor and commands
// (src/extension/records/editor/registerRecordEditor.ts). See src/extension/README.md for the rules of a bundle entry.
export { RecordEditorProvider } from '../editor/recordEditorProvider';
export { RecordJsonFileSystem } from '../editor/recordJsonFileSystem';
export { askForApp, askForRecord } from '../editor/recordPrompts';
