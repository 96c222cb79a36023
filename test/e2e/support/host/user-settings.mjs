// Extra user settings for the end-to-end editor, on top of code-server.mjs's baseUserSettings.
// The place to point the extension at the run's sandbox once it has settings for that,
// e.g. `'records.connections': [{ name: 'Sandbox', url: sandbox.url }]`.
/** @param {{ sandbox?: { url: string, adminToken: string } }} run */
export function e2eUserSettings(_run) {
  return {};
}
