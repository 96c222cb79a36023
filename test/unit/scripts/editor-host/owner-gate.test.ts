// npm start's gate in front of code-server: a WebSocket carried through it never holds up the
// editor's stop (Ctrl+C), whether the browser tab is still open or was closed.
import * as assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { startOwnerGate as StartOwnerGate } from '../../../../scripts/editor-host/owner-gate.mjs' with { 'resolution-mode': 'import' };

const KEY = 'test-key';

/**
 * Stands in for code-server on its Unix socket: accepts a WebSocket upgrade and, like it, keeps
 * its side open when the other side ends.
 */
async function editorStandIn(dir: string): Promise<{ path: string; server: Server; accepted: Socket[] }> {
  const path = join(dir, 'editor.sock');
  const accepted: Socket[] = [];
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    accepted.push(socket);
    socket.once('data', () => socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'));
    socket.on('error', () => undefined);
  });
  server.listen(path);
  await once(server, 'listening');
  return { path, server, accepted };
}

/** A browser's WebSocket through the gate (with the run's key), once upgraded. */
async function webSocketThrough(port: number): Promise<Socket> {
  const req = request({
    host: '127.0.0.1', port, path: '/stable-x?reconnectionToken=t',
    headers: { host: `127.0.0.1:${port}`, cookie: `records-editor-key=${KEY}`, connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==' },
  });
  req.end();
  const [response, socket] = (await once(req, 'upgrade')) as [{ statusCode: number }, Socket];
  assert.equal(response.statusCode, 101);
  return socket;
}

describe('scripts/editor-host/owner-gate: WebSockets carried to the editor', function () {
  this.timeout(10_000);
  let startOwnerGate: typeof StartOwnerGate;
  let dir: string;
  let editor: Awaited<ReturnType<typeof editorStandIn>>;

  before(async () => {
    ({ startOwnerGate } = await import('../../../../scripts/editor-host/owner-gate.mjs'));
  });
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'records-gate-'));
    editor = await editorStandIn(dir);
  });
  afterEach(async () => {
    for (const socket of editor.accepted) socket.destroy();
    editor.server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stops at once while a browser tab still holds its WebSocket, and ends that connection at both ends (the gate hangs up on the editor)', async () => {
    const gate = await startOwnerGate({ port: 0, socket: editor.path, key: KEY });
    const browser = await webSocketThrough(gate.port);
    const browserClosed = once(browser, 'close');
    const editorSide = editor.accepted[0]!;
    const editorEnded = once(editorSide, 'end');
    // Before, close() waited for the tab to go away: minutes with it open.
    await gate.close();
    await browserClosed;
    await editorEnded;
  });

  it('ends the connection of a tab that was closed, though the editor keeps its side open', async () => {
    const gate = await startOwnerGate({ port: 0, socket: editor.path, key: KEY });
    try {
      const browser = await webSocketThrough(gate.port);
      const editorSide = editor.accepted[0]!;
      const editorEnded = once(editorSide, 'end');
      const browserClosed = once(browser, 'close');
      // The tab closes: its side ends. Before, the gate kept its own side open until the editor
      // wrote again (about 30 s), and Ctrl+C waited that long.
      browser.end();
      await browserClosed;
      await editorEnded;
    } finally {
      await gate.close();
    }
  });
});
