// Ctrl/Cmd+A in a text field of a webview selects the field's text twice: the browser does it at
// once, and VS Code, which is told of every key pressed in a webview, runs its own Select All,
// which reaches the page a moment later. Whatever the user typed in between is selected again,
// and the next key replaces it: on a busy machine, the first letters typed after Ctrl+A vanish.
// In a text field the browser's own Select All is the whole job, so the key stops there.

/** Keeps Ctrl/Cmd+A in the page's text fields to the browser (call once per page). */
export function keepSelectAllInTextFields(target: Window = window): void {
  target.addEventListener(
    'keydown',
    (event) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'a') return;
      if (!isTextField(event.target)) return;
      event.stopImmediatePropagation();
    },
    true,
  );
}

function isTextField(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement) return true;
  if (target instanceof HTMLInputElement) return !['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'color', 'range', 'image'].includes(target.type);
  return target instanceof HTMLElement && target.isContentEditable;
}
