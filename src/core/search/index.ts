// Public API of the search-syntax parser (contract 4.2). Browser-safe; no stemming here.
export { parseSearchQuery } from './searchQuery';
export type { ParsedSearchQuery } from './searchQuery';
export { tokenizeWords } from './words';
export type { WordToken } from './words';
