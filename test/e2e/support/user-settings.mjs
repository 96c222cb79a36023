// Extra user settings for the end-to-end editor, on top of code-server.mjs's baseUserSettings.
/** @param {{ sandbox?: { url: string, adminToken: string } }} _run */
export function e2eUserSettings(_run) {
  return {
    // The desktop default. The browser-hosted editor saves a second after each edit by default,
    // which races every spec about unsaved edits (the dirty dot, the save prompt, hot exit, a
    // conflict on save); specs save with Ctrl+S when they mean to.
    'files.autoSave': 'off',
  };
}
