// The editor host's process helpers live with `npm start` in scripts/editor-host/; the test
// launchers use the same ones.
export * from '../../../scripts/editor-host/process.mjs';
