// Entry of dist/rlxLanguage.js: the `.rlx` language (diagnostics, completion, hover, CodeLens,
// running queries), started by src/extension/query/rlx/registerRlxLanguage.ts when first needed.
export { startRlxLanguage } from '../rlx/rlxLanguageServices';
