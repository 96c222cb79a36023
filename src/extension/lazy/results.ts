// Entry of dist/results.js: the RLX results grid, loaded the first time a block runs (or a
// results panel is restored). See README.md here for the rules of a lazy bundle.
export { markResultsRunning, showResults, restoreResults, resultsPanels, runResultsCommand } from '../query/results/resultsPanels';
export type { ResultsCommandName, ResultsRequest } from '../query/results/resultsPanels';
export type { ResultsHost } from '../query/results/resultsHost';
export type { ResultsPanel, ResultsSnapshot } from '../query/results/resultsPanel';
