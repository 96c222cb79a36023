import * as assert from 'node:assert/strict';
import { parseRlxDocument, standaloneBlockText } from '../../../../../src/core/rlx/document';

describe('a block as a file of its own', () => {
  it('writes out the header directives the block inherits, and names its connection', () => {
    const document = parseRlxDocument('@connection "Staging"\n@app IT/TASK\n@limit 20\n\n### Open\nstate = "open"\n\n### Mine\n@limit 5\nkeeper_id = @me\n');
    assert.equal(standaloneBlockText(document, document.blocks[1]!, 'Production'), '@connection "Production"\n@app IT/TASK\n### Mine\n@limit 5\nkeeper_id = @me\n');
    assert.equal(standaloneBlockText(document, document.blocks[0]!), '@app IT/TASK\n@limit 20\n### Open\nstate = "open"\n');
  });

  it('gives a file without ### a title from its filter, and keeps its own directives once', () => {
    const document = parseRlxDocument('@connection "Staging"\n@app IT/TASK\nstate = "open"\n');
    assert.equal(standaloneBlockText(document, document.blocks[0]!, 'Staging'), '@connection "Staging"\n### state = "open"\n@app IT/TASK\nstate = "open"\n');
  });
});
