import { tokenizeWords, type WordToken } from '../../core/search';

export type StemFunction = (word: string) => string;

/** Loads the Porter stemmer (an ES module) once; the sandbox is CommonJS. */
export async function loadStemmer(): Promise<StemFunction> {
  const { stemmer } = await import('stemmer');
  const cache = new Map<string, string>();
  return (word: string) => {
    let stem = cache.get(word);
    if (stem === undefined) {
      stem = stemmer(word);
      // Vocabulary is small in practice; the cap keeps hostile input from growing it forever.
      if (cache.size < 200_000) cache.set(word, stem);
    }
    return stem;
  };
}

export interface StemmedToken extends WordToken {
  stem: string;
}

export function stemTokens(text: string, stem: StemFunction): StemmedToken[] {
  return tokenizeWords(text).map((t) => ({ ...t, stem: stem(t.word) }));
}
