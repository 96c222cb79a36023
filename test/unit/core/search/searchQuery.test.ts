import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { parseSearchQuery, tokenizeWords } from '../../../../src/core/search';

describe('search query parser', () => {
  it('reads several keywords, lower-cased and unique', () => {
    assert.deepEqual(parseSearchQuery('Printer  paper printer'), { terms: ['printer', 'paper'], phrases: [], excluded: [], excludedPhrases: [] });
  });

  it('reads quoted phrases as their words', () => {
    assert.deepEqual(parseSearchQuery('"Paper jam" tray "out of  order"').phrases, [['paper', 'jam'], ['out', 'of', 'order']]);
    assert.deepEqual(parseSearchQuery('"Paper jam" tray').terms, ['tray']);
  });

  it('reads -word as an exclusion, only at the start of a word', () => {
    const parsed = parseSearchQuery('printer -laser e-mail - toner');
    assert.deepEqual(parsed.terms, ['printer', 'e', 'mail', 'toner']);
    assert.deepEqual(parsed.excluded, ['laser']);
  });

  it('combines a phrase with an excluded word', () => {
    assert.deepEqual(parseSearchQuery('"paper jam" -laser'), { terms: [], phrases: [['paper', 'jam']], excluded: ['laser'], excludedPhrases: [] });
  });

  it('keeps an excluded phrase whole', () => {
    assert.deepEqual(parseSearchQuery('toner -"out of stock"').excludedPhrases, [['out', 'of', 'stock']]);
  });

  it('runs an unbalanced quote to the end', () => {
    assert.deepEqual(parseSearchQuery('tray "paper jam -laser'), { terms: ['tray'], phrases: [['paper', 'jam', 'laser']], excluded: [], excludedPhrases: [] });
  });

  it('drops wildcards and punctuation, which the syntax does not support', () => {
    assert.deepEqual(parseSearchQuery('print* 50% "" ,;').terms, ['print', '50']);
    assert.deepEqual(parseSearchQuery('"" "  "').phrases, []);
  });

  it('reads words next to quotes', () => {
    assert.deepEqual(parseSearchQuery('a"b c"d'), { terms: ['a', 'd'], phrases: [['b', 'c']], excluded: [], excludedPhrases: [] });
  });

  it('never throws and only returns words the tokenizer would produce', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 60 }), (ss) => {
        const parsed = parseSearchQuery(ss);
        const words = new Set(tokenizeWords(ss).map((token) => token.word));
        for (const word of [...parsed.terms, ...parsed.excluded, ...parsed.phrases.flat(), ...parsed.excludedPhrases.flat()]) {
          assert.ok(words.has(word), word);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
