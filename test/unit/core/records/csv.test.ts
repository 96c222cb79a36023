import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { csvField, csvRow } from '../../../../src/core/records/csv';
import { parseCsv } from '../../../support/csvReader';

describe('results CSV rows (RFC 4180)', () => {
  it('quotes a field only when it holds a comma, a quote or a line break', () => {
    assert.equal(csvRow(['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', '']), 'plain,"a,b","say ""hi""","two\nlines","cr\rhere",\r\n');
  });

  it('writes missing values as empty fields and numbers as they are', () => {
    assert.equal(csvRow([null, undefined, 0, -4.5, 1e21]), ',,0,-4.5,1e+21\r\n');
  });

  it('keeps text that starts like a formula from running, but leaves negative numbers alone', () => {
    assert.equal(csvField('=1+1'), "'=1+1");
    assert.equal(csvField('+49 30 1234'), "'+49 30 1234");
    assert.equal(csvField('-12.5'), '-12.5');
    assert.equal(csvField('@cmd,x'), `"'@cmd,x"`);
    // Text that starts with the guard's own apostrophe gets one more, so dropping the guard's gives it back.
    assert.equal(csvField("'+1"), "''+1");
    assert.equal(csvField("''=A1"), "'''=A1");
    assert.equal(csvField("'quoted"), "'quoted");
  });

  it('reads back exactly what was written, whatever the text', () => {
    const safeText = fc.string({ unit: 'grapheme', maxLength: 30 }).filter((text) => !/^'*[=+\-@\t\r]/.test(text));
    fc.assert(fc.property(fc.array(fc.array(safeText, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }), (rows) => {
      const text = rows.map(csvRow).join('');
      assert.deepEqual(parseCsv(text), rows);
    }), { numRuns: 300 });
  });

  it('reads back tricky fields mixing quotes, commas and CRLF', () => {
    const rows = [['a "quoted", value', 'line1\r\nline2', '""', ',', '\n']];
    assert.deepEqual(parseCsv(rows.map(csvRow).join('')), rows);
  });
});
