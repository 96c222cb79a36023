// Entry of dist/work.js: Start/Finish Work, the current record and its menu
// (src/extension/work/), loaded when a work command first runs, or at start when a branch of
// this workspace already works on a record.
export { WorkFeature, createWorkFeature } from '../workFeature';
