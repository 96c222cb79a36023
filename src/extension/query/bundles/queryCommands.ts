// Entry of dist/queryCommands.js: what the Queries view's commands do beyond a click on a row
// (run an opened query, ask for a name, save a query from a `.rlx` editor, search the history),
// loaded when one first runs. registerQueries.ts registers the commands at activation; the first
// screen (the Queries view collapsed) needs none of it.
export { askName, runFirstBlock, saveFromEditor, searchHistory } from '../queries/queryCommands';
