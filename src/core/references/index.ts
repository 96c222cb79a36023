export { ReferenceMatcher, referenceKey, referenceText } from './referenceMatcher';
export type { RecordReference, ReferenceAliases, ReferenceMatch } from './referenceMatcher';
export { fetchReferencedRecords, planReferenceLookups } from './referenceBatcher';
export type { ListRecords, ReferenceLookup } from './referenceBatcher';
