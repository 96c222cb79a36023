import * as assert from 'node:assert/strict';
import { connectionDirectiveOf, parseConnectionName, parseRlxDocument, quoteConnectionName, resolveRlxConnection, type RlxConnectionCandidate } from '../../../../../src/core/rlx/document';
import { getRlxCompletions, getRlxDiagnostics, type RlxSchemaSource } from '../../../../../src/core/rlx/language';
import { cursor, TEST_SOURCE } from '../../../../support/rlxLanguageFixtures';

const STAGING: RlxConnectionCandidate = { id: 'conn-s', name: 'Staging', signedIn: true };
const PRODUCTION: RlxConnectionCandidate = { id: 'conn-p', name: 'Production "EU"', signedIn: true };
const SIGNED_OUT: RlxConnectionCandidate = { id: 'conn-o', name: 'Old', signedIn: false };
const ALL = [STAGING, PRODUCTION, SIGNED_OUT];
const SOURCE: RlxSchemaSource = { ...TEST_SOURCE, connectionNames: () => ALL.map((c) => c.name) };

describe('rlx @connection', () => {
  it('reads the name from the file header, quoted (with escapes) or bare; the last one wins', () => {
    assert.equal(connectionDirectiveOf(parseRlxDocument('@connection "Staging"\n@app IT/TASK\n### A\n'))?.name, 'Staging');
    assert.equal(connectionDirectiveOf(parseRlxDocument('@connection Staging\n### A\n'))?.name, 'Staging');
    assert.equal(connectionDirectiveOf(parseRlxDocument('@connection "A"\n@connection "B"\n### A\n'))?.name, 'B');
    assert.equal(connectionDirectiveOf(parseRlxDocument('@app IT/TASK\n### A\n@connection "Staging"\n')), undefined, 'a block cannot rebind the file');
    assert.equal(parseConnectionName(quoteConnectionName('Production "EU" \\ 2')), 'Production "EU" \\ 2');
  });

  it('runs against the named connection, else the kept binding, else the active one', () => {
    assert.deepEqual(resolveRlxConnection({ directiveName: 'Staging', boundId: 'conn-p', activeId: 'conn-p', connections: ALL }), { kind: 'ready', source: 'directive', connection: STAGING });
    assert.deepEqual(resolveRlxConnection({ directiveName: 'staging', connections: ALL }), { kind: 'ready', source: 'directive', connection: STAGING }, 'case does not matter when the name is unique');
    assert.deepEqual(resolveRlxConnection({ boundId: 'conn-p', activeId: 'conn-s', connections: ALL }), { kind: 'ready', source: 'binding', connection: PRODUCTION });
    assert.deepEqual(resolveRlxConnection({ activeId: 'conn-s', connections: ALL }), { kind: 'ready', source: 'active', connection: STAGING });
    assert.deepEqual(resolveRlxConnection({ connections: ALL }), { kind: 'none' });
  });

  it('never falls back to another connection: an unknown name, a removed binding or a signed-out connection is reported', () => {
    assert.deepEqual(resolveRlxConnection({ directiveName: 'Nope', activeId: 'conn-s', connections: ALL }), { kind: 'unknownName', name: 'Nope' });
    assert.deepEqual(resolveRlxConnection({ boundId: 'conn-gone', activeId: 'conn-s', connections: ALL }), { kind: 'bindingRemoved', connectionId: 'conn-gone' });
    assert.deepEqual(resolveRlxConnection({ boundId: 'conn-o', activeId: 'conn-s', connections: ALL }), { kind: 'signedOut', source: 'binding', connection: SIGNED_OUT });
    assert.deepEqual(resolveRlxConnection({ directiveName: 'Old', activeId: 'conn-s', connections: ALL }), { kind: 'signedOut', source: 'directive', connection: SIGNED_OUT });
  });

  it('completes the connection names, quoted', () => {
    const { text, offset } = cursor('@connection |\n### A\n');
    const items = getRlxCompletions(parseRlxDocument(text), offset, SOURCE);
    assert.deepEqual(items.map((i) => i.insertText), ['"Staging"', '"Production \\"EU\\""', '"Old"']);
    const directives = getRlxCompletions(parseRlxDocument('@\n### A\n'), 1, SOURCE).map((i) => i.label);
    assert.ok(directives.includes('@connection'));
  });

  it('reports an unknown name with a quick fix to the closest connection, and a @connection inside a block', () => {
    const text = '@connection "Stagin"\n@app IT/TASK\n### A\nstate = "open"\n';
    const diagnostics = getRlxDiagnostics(parseRlxDocument(text), SOURCE);
    const unknown = diagnostics.find((d) => d.code === 'unknown_connection');
    assert.ok(unknown, 'unknown connection reported');
    assert.equal(text.slice(unknown.start, unknown.end), '"Stagin"');
    const fix = unknown.fixes[0]?.edits[0];
    assert.ok(fix);
    assert.equal(text.slice(0, fix.start) + fix.newText + text.slice(fix.end), text.replace('"Stagin"', '"Staging"'));
    assert.deepEqual(getRlxDiagnostics(parseRlxDocument(text.replace('Stagin', 'Staging')), SOURCE), []);
    assert.deepEqual(getRlxDiagnostics(parseRlxDocument(text), TEST_SOURCE).filter((d) => d.code === 'unknown_connection'), [], 'no check while names are unknown');
    const inBlock = getRlxDiagnostics(parseRlxDocument('@app IT/TASK\n### A\n@connection "Staging"\n'), SOURCE);
    assert.deepEqual(inBlock.map((d) => d.code), ['connection_in_block']);
    // A new query: its title first, then the file's @connection, in its only block.
    assert.deepEqual(getRlxDiagnostics(parseRlxDocument('### Open tasks\n@connection "Staging"\n@app IT/TASK\n'), SOURCE), []);
  });
});
