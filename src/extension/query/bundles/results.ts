// Entry of dist/results.js: the RLX results grid, loaded the first time a block runs (or a
// results panel is restored). See src/extension/README.md for the rules of a bundle entry.
export { markResultsRunning, showResults, restoreResults, resultsPanels, runResultsCommand } from '../results/resultsPanels';
