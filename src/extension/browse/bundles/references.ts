// Entry of dist/references.js: record references in any text document (links, hovers,
// completion), loaded the first time a provider of src/extension/browse/references is asked.
export { ReferenceFeature, createReferenceFeature } from '../references/referenceFeature';
