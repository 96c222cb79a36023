import type { SearchSegment } from './searchable-text';
import { type StemFunction, stemTokens } from './stemming';

const CACHE_LIMIT = 20_000;
// Phrase checks re-read candidate texts; many texts repeat, so remember their stems.
const stemsOfText = new Map<string, string[]>();

function stemsOf(text: string, stem: StemFunction): string[] {
  let stems = stemsOfText.get(text);
  if (!stems) {
    stems = stemTokens(text, stem).map((t) => t.stem);
    if (stemsOfText.size >= CACHE_LIMIT) stemsOfText.clear();
    stemsOfText.set(text, stems);
  }
  return stems;
}

/** True when the stems appear consecutively inside one segment (phrases never span fields). */
export function containsPhrase(segments: readonly SearchSegment[], phraseStems: readonly string[], stem: StemFunction): boolean {
  if (!phraseStems.length) return false;
  for (const segment of segments) {
    const stems = stemsOf(segment.text, stem);
    outer: for (let i = 0; i + phraseStems.length <= stems.length; i++) {
      for (let j = 0; j < phraseStems.length; j++) if (stems[i + j] !== phraseStems[j]) continue outer;
      return true;
    }
  }
  return false;
}
