// The RLX work a filter from an agent goes through before it is sent: the parser, the `.rlx`
// diagnostics, the rule that resolves names and captions to ids, the placeholders. The tools
// (dist/agents.js) and `@records` (dist/chat.js) both need it, about 35 KB, only once a filter
// is written: the extension builds this file as one bundle they share, dist/filterCheck.js,
// required on the first filter (filterCheckOnDemand.ts). Plain functions of data only: a class
// or a cache here would be a second copy beside the one in the bundle that called it.
export { parseFilter, rlxFilterCheck, rlxProblems } from './rlxDiagnostics';
export { parseRlx } from '../rlx/parser';
export { expandRlxPlaceholders, findRlxPlaceholders, maskRlxPlaceholders } from '../rlx/placeholders';
export { findFilterValues, rlxValueReplacement } from '../rlx/language/filterValues';
