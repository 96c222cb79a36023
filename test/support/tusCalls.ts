// Raw tus 1.0.0 requests to a test sandbox, so the tests see every status and header (the
// sandbox's HTTP tests and the unit tests of its upload modules).
import { ADMIN_TOKEN } from './sandbox';

const TUS = { 'Tus-Resumable': '1.0.0' };

function auth(token: string): Record<string, string> {
  return { Authorization: `SVC_AUTH_CODE ${token}` };
}

export async function createUpload(baseUrl: string, size: number, filename: string | undefined, token = ADMIN_TOKEN): Promise<Response> {
  const headers: Record<string, string> = { ...TUS, ...auth(token), 'Upload-Length': String(size) };
  if (filename !== undefined) {
    headers['Upload-Metadata'] = `filename ${Buffer.from(filename).toString('base64')}`;
  }
  return fetch(`${baseUrl}/api/upload-tus`, { method: 'POST', headers });
}

export async function patchUpload(location: string, offset: number, bytes: Buffer, token = ADMIN_TOKEN): Promise<Response> {
  return fetch(location, {
    method: 'PATCH',
    headers: { ...TUS, ...auth(token), 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
    body: Uint8Array.from(bytes),
  });
}

export async function headUpload(location: string, token = ADMIN_TOKEN): Promise<Response> {
  return fetch(location, { method: 'HEAD', headers: { ...TUS, ...auth(token) } });
}

export async function deleteUpload(location: string, token = ADMIN_TOKEN): Promise<Response> {
  return fetch(location, { method: 'DELETE', headers: { ...TUS, ...auth(token) } });
}

/** The upload's id (file_uid): the last segment of its URL. */
export function uploadIdOf(location: string): string {
  return location.split('/').pop() ?? '';
}

/** A new upload the sandbox accepted (201), with `bytes` sent from offset 0 (204): its URL and id. */
export async function startUpload(baseUrl: string, size: number, options: { filename?: string; bytes?: Buffer; token?: string } = {}): Promise<{ location: string; fileUid: string }> {
  const created = await createUpload(baseUrl, size, options.filename ?? 'notes.txt', options.token);
  if (created.status !== 201) throw new Error(`creating an upload answered ${created.status}: ${await created.text()}`);
  const location = created.headers.get('location') ?? '';
  if (options.bytes !== undefined) {
    const patched = await patchUpload(location, 0, options.bytes, options.token);
    if (patched.status !== 204) throw new Error(`sending the upload's bytes answered ${patched.status}: ${await patched.text()}`);
  }
  return { location, fileUid: uploadIdOf(location) };
}
