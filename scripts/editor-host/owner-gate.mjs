// The door of `npm start`'s editor. code-server itself listens on a Unix socket that only this
// user may open (mode 600) with no authentication of its own; this gate is the only way in from a
// browser, on loopback, and it lets in only requests that
//   - name this machine's loopback address and the gate's port as their Host (a page that rebinds
//     its own name to 127.0.0.1 sends its own name, and is refused), and, when they carry an
//     Origin, come from that same address (another site's page is refused);
//   - carry the key made for this run: once in the address that `npm start` prints and opens
//     (`/?key=…`), after which a cookie holds it (HttpOnly, SameSite=Strict, this address only).
// Everything else, WebSocket upgrades included, is forwarded unchanged to the socket.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';

export const KEY_PARAM = 'key';
const COOKIE = 'records-editor-key';
/** Answers whether a gate of ours holds a port (a second `npm start` asks before moving). */
export const GATE_PROBE_PATH = '/.records-editor/gate';

export function makeKey() {
  return randomBytes(32).toString('base64url');
}

function sameSecret(given, key) {
  const a = Buffer.from(String(given ?? ''));
  const b = Buffer.from(key);
  return a.length === b.length && timingSafeEqual(a, b);
}

function cookieValue(header, name) {
  for (const part of String(header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/**
 * Why a request may not pass, or undefined when it may. `hosts`: the Host values that name this
 * gate (`127.0.0.1:<port>`, `localhost:<port>`).
 */
export function refusal(req, { hosts, key }) {
  const host = String(req.headers.host ?? '').toLowerCase();
  if (!hosts.includes(host)) return { status: 421, reason: `This editor answers only at ${hosts.map((h) => `http://${h}`).join(' or ')}, not at "${host}".` };
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.some((h) => origin.toLowerCase() === `http://${h}`)) {
    return { status: 403, reason: `Requests from pages of another site (${origin}) are refused.` };
  }
  if (!sameSecret(cookieValue(req.headers.cookie, COOKIE), key)) {
    return { status: 401, reason: 'This editor belongs to whoever started `npm start`: open the address it printed (it carries a key made for that run).' };
  }
  return undefined;
}

function page(status, text) {
  const escaped = text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  return [status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    `<!doctype html><meta charset="utf-8"><title>Records Service editor</title><p style="font:16px system-ui;margin:3em">${escaped}</p>`];
}

/**
 * Starts the gate on 127.0.0.1:`port` in front of code-server's `socket`. Resolves to
 * `{port, url, openUrl, close()}`: `url` is the address, `openUrl` the same with this run's key,
 * to open once. Rejects with the listen error (EADDRINUSE when the port is taken).
 */
export async function startOwnerGate({ port, socket, key = makeKey() }) {
  let hosts = [];
  const server = createServer((req, res) => {
    if (req.url === GATE_PROBE_PATH && hosts.includes(String(req.headers.host ?? '').toLowerCase())) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ gate: 'records-editor', pid: process.pid }));
      return;
    }
    const url = new URL(req.url ?? '/', 'http://gate');
    const given = url.searchParams.get(KEY_PARAM);
    if (given !== null && req.method === 'GET' && hosts.includes(String(req.headers.host ?? '').toLowerCase()) && sameSecret(given, key)) {
      // The printed address: keep the key in a cookie and take it out of the address bar.
      url.searchParams.delete(KEY_PARAM);
      res.writeHead(303, {
        location: `${url.pathname}${url.search}`,
        'set-cookie': `${COOKIE}=${key}; Path=/; HttpOnly; SameSite=Strict`,
        'cache-control': 'no-store',
      }).end();
      return;
    }
    const refused = refusal(req, { hosts, key });
    if (refused) {
      const [status, headers, body] = page(refused.status, refused.reason);
      res.writeHead(status, headers).end(body);
      req.resume();
      return;
    }
    const upstream = request({ socketPath: socket, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.once('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`The editor did not answer: ${error.message}`);
    });
    req.pipe(upstream);
  });
  // The WebSockets carried through (the workbench's connections to code-server), each by its end().
  const tunnels = new Set();
  server.on('upgrade', (req, client, head) => {
    const refused = refusal(req, { hosts, key });
    if (refused) {
      client.end(`HTTP/1.1 ${refused.status} Refused\r\nConnection: close\r\n\r\n`);
      return;
    }
    const upstream = connect(socket, () => {
      let lines = `${req.method} ${req.url} HTTP/${req.httpVersion}\r\n`;
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines += `${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`;
      upstream.write(`${lines}\r\n`);
      if (head.length) upstream.write(head);
      client.pipe(upstream).pipe(client);
    });
    const end = () => {
      tunnels.delete(end);
      client.destroy();
      upstream.destroy();
    };
    tunnels.add(end);
    upstream.once('error', end);
    client.once('error', end);
    upstream.once('close', end);
    client.once('close', end);
    // A browser that closes its tab ends its side; the socket the HTTP server hands over keeps
    // its own side open after that (HTTP sockets allow half-open ones), and code-server does not
    // end its side either: the dead tunnel stayed about 30 s, and Ctrl+C waited for it.
    client.once('end', end);
  });
  // Long-lived editor connections: no request deadline of Node's own.
  server.requestTimeout = 0;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const bound = server.address().port;
  hosts = [`127.0.0.1:${bound}`, `localhost:${bound}`];
  const url = `http://127.0.0.1:${bound}`;
  return {
    port: bound,
    url,
    openUrl: `${url}/?${KEY_PARAM}=${key}`,
    close: () => new Promise((resolve) => {
      // The editor is stopping: its WebSockets end with it (an open tab would hold the port for
      // minutes: server.close() waits for every connection, and closeAllConnections() knows
      // only the HTTP ones).
      for (const end of [...tunnels]) end();
      server.closeAllConnections?.();
      server.close(() => resolve());
    }),
  };
}

/** True when a gate of ours answers on 127.0.0.1:`port` (an `npm start` still running). */
export async function gateAnswersAt(port) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}${GATE_PROBE_PATH}`, { signal: AbortSignal.timeout(2000) });
    return response.ok && (await response.json()).gate === 'records-editor';
  } catch {
    return false;
  }
}
