// `--tls`: a private CA and a server certificate signed by it, generated into
// `<data>/tls/` at first start and reused afterwards, so clients can trust the CA once (the
// way a corporate root CA is trusted) and every TLS path is tested for real.
import { X509Certificate } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { join } from 'node:path';
import type { generate as generateCertificate } from 'selfsigned';

export interface SandboxTlsFiles {
  /** PEM of the CA that signed the server certificate: what a client adds to its trust. */
  caPath: string;
  ca: string;
  cert: string;
  key: string;
}

/** Names the server certificate is valid for: loopback, `*.sandbox.localhost` (names a proxy can map to the sandbox), and the listen host. */
export function certificateHostnames(host: string): string[] {
  return [...new Set(['localhost', '*.sandbox.localhost', '127.0.0.1', '::1', host].filter((name) => name && name !== '0.0.0.0' && name !== '::'))];
}

export async function loadOrCreateTlsFiles(dataDir: string, host: string): Promise<SandboxTlsFiles> {
  const folder = join(dataDir, 'tls');
  const paths = {
    ca: join(folder, 'ca.pem'),
    caKey: join(folder, 'ca-key.pem'),
    cert: join(folder, 'server.pem'),
    key: join(folder, 'server-key.pem'),
    names: join(folder, 'server-names.json'),
  };
  const names = certificateHostnames(host);
  await mkdir(folder, { recursive: true });
  let ca: { cert: string; key: string };
  try {
    ca = { cert: await readFile(paths.ca, 'utf8'), key: await readFile(paths.caKey, 'utf8') };
  } catch {
    ca = await createCa();
    await writeFile(paths.caKey, ca.key, { mode: 0o600 });
    await writeFile(paths.ca, ca.cert);
  }
  try {
    const stored = JSON.parse(await readFile(paths.names, 'utf8')) as unknown;
    if (JSON.stringify(stored) !== JSON.stringify(names)) throw new Error('other names');
    const cert = await readFile(paths.cert, 'utf8');
    if (Date.parse(new X509Certificate(cert).validTo) < Date.now() + RENEW_BEFORE_MS) throw new Error('expires soon');
    return { caPath: paths.ca, ca: ca.cert, cert, key: await readFile(paths.key, 'utf8') };
  } catch {
    // First start, another --host, or a certificate about to expire: a new one from the same CA.
    const server = await createServerCertificate(ca, names);
    await writeFile(paths.key, server.key, { mode: 0o600 });
    await writeFile(paths.cert, server.cert);
    await writeFile(paths.names, JSON.stringify(names));
    return { caPath: paths.ca, ca: ca.cert, ...server };
  }
}

const YEAR_MS = 365 * 86_400_000;

/** Loaded when a certificate is made: a bundle of its own (esbuild.mjs), never at sandbox start. */
async function generate(...args: Parameters<typeof generateCertificate>): ReturnType<typeof generateCertificate> {
  const selfsigned = await import('selfsigned');
  return selfsigned.generate(...args);
}
const RENEW_BEFORE_MS = 30 * 86_400_000;

async function createCa(): Promise<{ cert: string; key: string }> {
  const pems = await generate([{ name: 'commonName', value: 'Records Sandbox Local CA' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 86_400_000),
    notAfterDate: new Date(Date.now() + 10 * YEAR_MS),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}

async function createServerCertificate(ca: { cert: string; key: string }, names: string[]): Promise<{ cert: string; key: string }> {
  const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 86_400_000),
    // Clients refuse server certificates valid for more than 398 days.
    notAfterDate: new Date(Date.now() + 397 * 86_400_000),
    ca,
    extensions: [
      { name: 'basicConstraints', cA: false, critical: true },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames: names.map((name) => (isIP(name) ? { type: 7, ip: name } : { type: 2, value: name })) },
    ],
  });
  return { cert: pems.cert, key: pems.private };
}
