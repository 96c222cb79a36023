// The port `npm start`'s editor answers on, kept in its profile so that every run has the same
// address. The browser keeps the editor's state (connections, query history, open tabs, the
// walkthrough's progress) per address, so a new port would look like a new, empty editor.
// The first run picks a free port below the range the system hands out for outgoing
// connections (32768 and up on Linux), where it is less likely to be taken later.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

const FILE = 'editor-address.json';
const FIRST = 20000;
const RANGE = 10000;

export function savedPort(profileRoot) {
  const file = join(profileRoot, FILE);
  if (!existsSync(file)) return undefined;
  try {
    const { port } = JSON.parse(readFileSync(file, 'utf8'));
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined;
  } catch {
    return undefined;
  }
}

export function savePort(profileRoot, port) {
  writeFileSync(join(profileRoot, FILE), `${JSON.stringify({ port }, null, 2)}\n`);
}

function isFree(port) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free loopback port for a first run, tried from a spot that depends on `seed` (the profile's path). */
export async function pickPort(seed) {
  let hash = 0;
  for (const c of seed) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  for (let i = 0; i < 50; i++) {
    const port = FIRST + ((hash + i * 7919) % RANGE);
    if (await isFree(port)) return port;
  }
  return 0;
}
