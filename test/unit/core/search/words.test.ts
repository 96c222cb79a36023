import { strict as assert } from 'node:assert';
import { tokenizeWords } from '../../../../src/core/search';

describe('tokenizeWords', () => {
  it('splits on anything but letters and digits, with offsets into the original text', () => {
    const text = 'Paper-jam in Tray_2, (again)!';
    const words = tokenizeWords(text);
    assert.deepEqual(words.map((token) => token.word), ['paper', 'jam', 'in', 'tray', '2', 'again']);
    for (const token of words) {
      assert.equal(text.slice(token.start, token.end).toLowerCase(), token.word);
    }
  });

  it('keeps Unicode letters, digits and combining marks inside words', () => {
    assert.deepEqual(tokenizeWords('Ärger über Café ١٢٣ 東京 cafe\u0301').map((token) => token.word), ['ärger', 'über', 'café', '١٢٣', '東京', 'cafe\u0301']);
  });

  it('gives nothing for text without words', () => {
    assert.deepEqual(tokenizeWords(''), []);
    assert.deepEqual(tokenizeWords(' -- %* '), []);
  });
});
