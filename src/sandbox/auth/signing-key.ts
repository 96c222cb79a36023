// The sandbox's token-signing key: generated once, kept in the data folder, so tokens it issued
// stay valid across restarts (and `--reset` of records does not sign everyone out).
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { JWK } from 'jose' with { 'resolution-mode': 'import' };
import { loadJose } from './jose-module';

export const SIGNING_ALGORITHM = 'ES256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** Public JWK as published at the JWKS endpoint. */
  publicJwk: JWK;
}

interface StoredKey {
  kid: string;
  alg: string;
  privateJwk: JWK;
}

export async function loadOrCreateSigningKey(dataDir: string): Promise<SigningKey> {
  const folder = join(dataDir, 'auth');
  const file = join(folder, 'signing-key.json');
  const stored = await readStoredKey(file);
  if (stored) {
    return importStoredKey(stored);
  }
  const created = await generateStoredKey();
  await mkdir(folder, { recursive: true });
  // Written to a temporary name then renamed: a crash never leaves half a key behind.
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, JSON.stringify(created), { mode: 0o600 });
  await rename(temporary, file);
  return importStoredKey(created);
}

async function readStoredKey(file: string): Promise<StoredKey | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  const parsed = JSON.parse(text) as Partial<StoredKey>;
  if (typeof parsed.kid !== 'string' || parsed.alg !== SIGNING_ALGORITHM || typeof parsed.privateJwk !== 'object') {
    throw new Error(`The signing key in ${file} is not readable. Delete that file to let the sandbox make a new one (signed-in clients must sign in again).`);
  }
  return parsed as StoredKey;
}

async function generateStoredKey(): Promise<StoredKey> {
  const jose = await loadJose();
  const { privateKey } = await jose.generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  const privateJwk = await jose.exportJWK(privateKey);
  const kid = await jose.calculateJwkThumbprint(privateJwk);
  return { kid, alg: SIGNING_ALGORITHM, privateJwk };
}

async function importStoredKey(stored: StoredKey): Promise<SigningKey> {
  const jose = await loadJose();
  const { d: _private, ...publicPart } = stored.privateJwk;
  const privateKey = (await jose.importJWK(stored.privateJwk, SIGNING_ALGORITHM)) as CryptoKey;
  const publicKey = (await jose.importJWK(publicPart, SIGNING_ALGORITHM)) as CryptoKey;
  return {
    kid: stored.kid,
    privateKey,
    publicKey,
    publicJwk: { ...publicPart, kid: stored.kid, alg: SIGNING_ALGORITHM, use: 'sig' },
  };
}
