// Changing what a text control shows without taking what the user is typing: a save, an answer or
// a message from the host may land between two keystrokes (issue: "no keystroke lost, ever").

/** A control of a form: its element (or the one that holds it) and how to set its value. */
export interface TypedControl {
  element: HTMLElement;
  set(value: unknown): void;
}

/**
 * Sets a control's value; when the keyboard is in it, the caret and selection stay where they were
 * (cut to the new length). Setting an input's value moves its caret to the end otherwise.
 */
export function setKeepingSelection(control: TypedControl, value: unknown): void {
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

/**
 * Shows `text` in a text box the page keeps in step with its own state (a filter): left alone
 * while the keyboard is in it (what is typed is the newest state, and the page already has it)
 * or when it already says the same apart from surrounding spaces (the state keeps it trimmed, the
 * box keeps the space just typed); otherwise set, keeping the caret.
 */
export function showUnlessTyping(input: HTMLInputElement | HTMLTextAreaElement, text: string): boolean {
  if (document.activeElement === input || input.value.trim() === text.trim()) return false;
  setKeepingSelection({ element: input, set: (value) => (input.value = String(value)) }, text);
  return true;
}
