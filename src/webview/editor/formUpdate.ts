// Redrawing a form that is being typed in: when a model may update the form in place (changing a
// control's value without moving the user's caret is shared/typing.ts's setKeepingSelection).
import type { EditorModel } from './protocol';

/** The form shows the same record with the same fields: the new model is drawn into it, not over it. */
export function canUpdateInPlace(shown: EditorModel, next: EditorModel): boolean {
  const a = shown.identity;
  const b = next.identity;
  if (a.connectionId !== b.connectionId || a.recordId !== b.recordId || shown.mode !== next.mode) return false;
  if (shown.fields.length !== next.fields.length) return false;
  return shown.fields.every((f, i) => {
    const g = next.fields[i];
    return f.name === g.name && f.kind === g.kind && f.readOnly === g.readOnly && f.label === g.label;
  });
}
