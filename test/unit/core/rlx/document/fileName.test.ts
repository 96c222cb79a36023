import { strict as assert } from 'node:assert';
import { queryTitleOf, rlxFileNameOf } from '../../../../../src/core/rlx/document/fileName';

describe('a query\'s title as a file name', () => {
  it('reads the title of the first block without its heading marks', () => {
    assert.equal(queryTitleOf('### All of IT TASK\n@app IT/TASK\n'), 'All of IT TASK');
    assert.equal(queryTitleOf('\uFEFF###   Sample query  \r\n@limit 5'), 'Sample query');
    assert.equal(queryTitleOf('// Open work\n@app IT/TASK\n### Open tasks\nstate = "open"\n### Urgent\n'), 'Open tasks');
    assert.equal(queryTitleOf('@app IT/TASK\nstate = "open"\n'), undefined);
    assert.equal(queryTitleOf('###\n'), undefined);
  });

  it('names the file after the title, without markup or characters no file name holds', () => {
    assert.equal(rlxFileNameOf('All of IT TASK', 'Query'), 'All of IT TASK.rlx');
    assert.equal(rlxFileNameOf('### Open: IT/TASK  "urgent"?', 'Query'), 'Open IT TASK urgent.rlx');
    assert.equal(rlxFileNameOf('..hidden', 'Query'), 'hidden.rlx');
    assert.equal(rlxFileNameOf(undefined, 'Query'), 'Query.rlx');
    assert.equal(rlxFileNameOf(' /// ', 'Query'), 'Query.rlx');
  });
});
