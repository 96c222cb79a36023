// Raw tus 1.0.0 requests, so the tests see every status and header.
import { ADMIN_TOKEN } from '../../../support/sandbox';

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
