// Entry of dist/results.js: the RLX results grid, loaded the first time a block runs (or a
// results panel is restored). See README.md here for the rules of a lazy bundle.
export { markResultsRunning, showResults, restoreResults, resultsPanels, runResultsCommand } from '../results/resultsPanels';
