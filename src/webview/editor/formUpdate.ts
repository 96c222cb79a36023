// Redrawing a form that is being typed in: when a model may update the form in place, and how to
// change a control's value without moving the user's caret.
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

/**
 * Sets a control's value; when the keyboard is in it, the caret and selection stay where they were
 * (cut to the new length). Setting an input's value moves its caret to the end otherwise.
 */
export function setKeepingSelection(control: { element: HTMLElement; set(value: unknown): void }, value: unknown): void {
  const active = document.activeElement;
  const typing = (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement) && (control.element === active || control.element.contains(active)) ? active : undefined;
  const start = typing?.selectionStart ?? null;
  const end = typing?.selectionEnd ?? null;
  const direction = typing?.selectionDirection ?? undefined;
  control.set(value);
  if (!typing || start === null || end === null) return;
  const length = typing.value.length;
  try {
    typing.setSelectionRange(Math.min(start, length), Math.min(end, length), direction);
  } catch {
    // Inputs without a text selection (number, date) have no caret to keep.
  }
}
