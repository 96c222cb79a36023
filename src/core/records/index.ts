// Pure, browser-safe helpers for showing and editing one record (used by the editor host and webview).
export { controlKindOf, isEditableKind, isFileKind } from './fieldKinds';
export type { FieldControlKind } from './fieldKinds';
export { buildFormFields, formValuesOf, defaultValuesOf } from './formModel';
export type { FormField } from './formModel';
export { sameValue, changedFields, detectConflict, mergeChanges } from './changedFields';
export type { ConflictReport } from './changedFields';
export { displayTimeZone, safeTimeZone, toLocalInputValue, fromLocalInputValue, formatDateTime } from './dateTime';
export { displayValue, attachmentTitle } from './displayValue';
export type { DisplayContext } from './displayValue';
export { historyItems, stripTags } from './historyView';
export type { HistoryItem, HistoryChange } from './historyView';
