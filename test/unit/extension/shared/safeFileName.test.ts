// Attachment titles come from the service: as local file names they must never name a folder,
// climb out of the cache, or carry characters some OS refuses.
import * as assert from 'node:assert/strict';
import { safeFileName } from '../../../../src/extension/shared/safeFileName';

describe('files: safe local names for attachments', () => {
  it('keeps ordinary names as they are', () => {
    assert.equal(safeFileName('Quarterly report (final).pdf'), 'Quarterly report (final).pdf');
    assert.equal(safeFileName('Überblick – 2026.xlsx'), 'Überblick – 2026.xlsx');
  });

  it('drops folders, leading dots and reserved or control characters', () => {
    assert.equal(safeFileName('../../etc/passwd'), 'passwd');
    assert.equal(safeFileName('C:\\Users\\x\\evil.txt'), 'evil.txt');
    assert.equal(safeFileName('..hidden'), 'hidden');
    assert.equal(safeFileName('a<b>c:d"e|f?g*h.txt'), 'a_b_c_d_e_f_g_h.txt');
    assert.equal(safeFileName('line\nbreak.txt'), 'line_break.txt');
  });

  it('keeps the end of a long name, so the extension survives', () => {
    const name = safeFileName(`${'x'.repeat(300)}.png`);
    assert.equal(name.length, 120);
    assert.ok(name.endsWith('.png'));
  });

  it('falls back when nothing usable is left', () => {
    assert.equal(safeFileName('...', 'file-123'), 'file-123');
    assert.equal(safeFileName(''), 'attachment');
  });
});

describe('files: names every OS accepts', () => {
  it('renames Windows device names, with or without an extension', () => {
    for (const reserved of ['CON', 'con', 'NUL', 'nul.txt', 'COM1', 'com9.log', 'LPT1', 'AUX.tar.gz', 'PRN']) {
      assert.equal(safeFileName(reserved), `_${reserved}`, reserved);
    }
    assert.equal(safeFileName('CONTRACT.pdf'), 'CONTRACT.pdf');
    assert.equal(safeFileName('com10.txt'), 'com10.txt');
  });

  it('drops trailing dots and spaces, which Windows would drop silently', () => {
    assert.equal(safeFileName('report. . '), 'report');
    assert.equal(safeFileName('notes.txt.'), 'notes.txt');
    assert.equal(safeFileName('NUL. '), '_NUL');
  });

  it('never splits a character when it shortens a name', () => {
    const emoji = '👩‍👩‍👧‍👦';
    const name = safeFileName(`${emoji.repeat(200)}.png`);
    assert.ok(name.endsWith('.png'));
    assert.equal(name.replaceAll(emoji, ''), '.png', 'only whole family emoji are left before the extension');
    assert.ok(Buffer.byteLength(name, 'utf8') <= 240);
    const accents = safeFileName(`${'e\u0301'.repeat(300)}.txt`);
    assert.ok(!accents.startsWith('\u0301'), 'no accent without its letter');
    assert.ok([...new Intl.Segmenter().segment(accents)].length <= 120);
  });
});
