// Parser of the search syntax (contract 4.2): keywords, "quoted phrases" and -excluded words.
// Tolerant by design: any input gives a result, an unbalanced quote runs to the end.
import { tokenizeWords } from './words';

export interface ParsedSearchQuery {
  /** Keywords; a record matches when it contains any of them. Unique, in order of appearance. */
  terms: string[];
  /** The words of each "quoted phrase", which must appear in this order. */
  phrases: string[][];
  /** Words after `-`: records containing any of them are excluded. */
  excluded: string[];
  /**
   * Phrases after `-` (`-"out of stock"`). The contract only shows excluded words; we keep an
   * excluded phrase whole instead of excluding each of its words, which would drop far more.
   */
  excludedPhrases: string[][];
}

function wordsOf(text: string): string[] {
  return tokenizeWords(text).map((token) => token.word);
}

function pushUnique(target: string[], words: readonly string[]): void {
  for (const word of words) {
    if (!target.includes(word)) {
      target.push(word);
    }
  }
}

export function parseSearchQuery(ss: string): ParsedSearchQuery {
  const result: ParsedSearchQuery = { terms: [], phrases: [], excluded: [], excludedPhrases: [] };
  let index = 0;
  while (index < ss.length) {
    const char = ss[index];
    if (/\s/u.test(char)) {
      index++;
      continue;
    }
    const excluded = char === '-' && index + 1 < ss.length && !/\s/u.test(ss[index + 1]);
    const chunkStart = excluded ? index + 1 : index;
    if (ss[chunkStart] === '"') {
      const close = ss.indexOf('"', chunkStart + 1);
      const end = close === -1 ? ss.length : close;
      const words = wordsOf(ss.slice(chunkStart + 1, end));
      if (words.length > 0) {
        (excluded ? result.excludedPhrases : result.phrases).push(words);
      }
      index = close === -1 ? ss.length : close + 1;
      continue;
    }
    let end = chunkStart;
    while (end < ss.length && !/\s/u.test(ss[end]) && ss[end] !== '"') {
      end++;
    }
    const words = wordsOf(ss.slice(chunkStart, end));
    pushUnique(excluded ? result.excluded : result.terms, words);
    index = Math.max(end, index + 1);
  }
  return result;
}
