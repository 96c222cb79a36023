export { ReferenceMatcher, referenceKey } from './referenceMatcher';
export type { ReferenceAliases, ReferenceMatch } from './referenceMatcher';
export { fetchReferencedRecords, planReferenceLookups } from './referenceBatcher';
export type { ListRecords, ReferenceLookup } from './referenceBatcher';
