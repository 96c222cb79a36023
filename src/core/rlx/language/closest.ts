// "Did you mean": the known names nearest to one written wrong (fields, directives, apps,
// placeholders, people). Its own module: fastest-levenshtein keeps a 64K-entry table at its top
// level, which a bundler keeps in every bundle that imports the module, so only the bundles that
// suggest names import this one (not, say, the pivot panel's, for the field kinds).
import { distance as levenshtein } from 'fastest-levenshtein';

/**
 * Levenshtein distance, for "did you mean" fixes on short names: fastest-levenshtein's
 * bit-parallel algorithm (a machine word per 32 characters), not a table of cells. A name unknown
 * in every block of a 2,000-line file was measured against each field of its app per block, and
 * the table's cells were most of the whole file's diagnostics.
 */
export function editDistance(a: string, b: string): number {
  return levenshtein(a, b);
}

/** Up to `count` candidates closest to `word` (case-insensitive), nearest first. */
export function closest(word: string, candidates: Iterable<string>, count = 3): string[] {
  const lower = word.toLowerCase();
  const limit = Math.max(2, Math.ceil(word.length / 2));
  return [...candidates]
    // The distance is at least the difference in length: skip the work when that is already too
    // far (a hostile file may name a field with a 100 KB word).
    .filter((candidate) => Math.abs(candidate.length - word.length) <= limit + 2)
    .map((candidate) => {
      const lowerCandidate = candidate.toLowerCase();
      return { candidate, distance: editDistance(lower, lowerCandidate) - (lowerCandidate.startsWith(lower) ? 2 : 0) };
    })
    .filter((entry) => entry.distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, count)
    .map((entry) => entry.candidate);
}
