// Word tokenizer shared by the sandbox's search index and its highlighter, so that what is
// indexed and what is highlighted can never disagree.

export interface WordToken {
  /** Lower-cased word. */
  word: string;
  /** Offset of the word in the original text (UTF-16 code units). */
  start: number;
  end: number;
}

// A word is a run of Unicode letters and digits; combining marks stay inside the word so that
// decomposed accents (e + U+0301) do not split it.
const WORD_PATTERN = /[\p{L}\p{N}][\p{L}\p{M}\p{N}]*/gu;

export function tokenizeWords(text: string): WordToken[] {
  const words: WordToken[] = [];
  for (const match of text.matchAll(WORD_PATTERN)) {
    const start = match.index;
    words.push({ word: match[0].toLowerCase(), start, end: start + match[0].length });
  }
  return words;
}
