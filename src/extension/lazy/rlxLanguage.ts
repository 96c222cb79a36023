// Entry of dist/rlxLanguage.js: the `.rlx` language (diagnostics, completion, hover, CodeLens,
// running queries), started by src/extension/rlx/registerRlxLanguage.ts when first needed.
export { startRlxLanguage } from '../rlx/rlxLanguageServices';
export type { RlxLanguageServices } from '../rlx/rlxLanguageServices';
