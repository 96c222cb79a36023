import * as assert from 'node:assert/strict';
import { createRlxPositionDescriber, describeRlxPosition } from '../../../../src/core/rlx/position';

describe('RLX positions in messages', () => {
  it('names only the column in a one-line filter', () => {
    assert.equal(describeRlxPosition('state = = "open"', 8), 'column 9');
  });

  it('names the line and the column once the filter has more lines', () => {
    const describe = createRlxPositionDescriber('state = "open" AND\n  title = = "x"');
    assert.equal(describe(4), 'column 5');
    assert.equal(describe(27), 'line 2, column 9');
  });

  it('counts lines from the filter\'s first line, not from blanked title, directive or comment lines before it', () => {
    // A block's filter text keeps the lines above the filter as blanks; an agent's filter is checked under an `@app` line.
    const blanked = `${' '.repeat(12)}\n   \nstate = = "open" AND\n  title = "x"`;
    const describe = createRlxPositionDescriber(blanked);
    assert.equal(describe(blanked.indexOf('= =') + 2), 'column 9');
    assert.equal(describe(blanked.indexOf('title')), 'line 2, column 3');
  });
});
