// A TLS certificate for a made-up public name (e.g. records.sandbox.test), signed by the CA of a
// sandbox started with --tls, for a gateway in front of it: a client that trusts the sandbox's CA
// trusts the gateway under that name. The CA is copied into a folder of its own, so the
// sandbox's data folder is never written to.
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loadOrCreateTlsFiles } from '../../src/sandbox/http/tls-certificates';

export async function gatewayCertificate(sandboxCaPath: string, host: string): Promise<{ cert: string; key: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'records-gateway-tls-'));
  try {
    await mkdir(join(folder, 'tls'));
    await copyFile(sandboxCaPath, join(folder, 'tls', 'ca.pem'));
    await copyFile(join(dirname(sandboxCaPath), 'ca-key.pem'), join(folder, 'tls', 'ca-key.pem'));
    const { cert, key } = await loadOrCreateTlsFiles(folder, host);
    return { cert, key };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}
