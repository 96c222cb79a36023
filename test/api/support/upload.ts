// Uploads bytes with two plain tus 1.0.0 requests, so download tests have a file to fetch.
import { Agent, request } from 'undici';

export async function uploadWithTus(baseUrl: string, token: string, fileName: string, bytes: Uint8Array): Promise<string> {
  const dispatcher = new Agent();
  try {
    const created = await request(`${baseUrl}/api/upload-tus`, {
      dispatcher,
      method: 'POST',
      headers: {
        authorization: `SVC_AUTH_CODE ${token}`,
        'tus-resumable': '1.0.0',
        'upload-length': String(bytes.byteLength),
        'upload-metadata': `filename ${Buffer.from(fileName).toString('base64')}`,
      },
    });
    await created.body.dump();
    const location = created.headers.location;
    if (created.statusCode !== 201 || typeof location !== 'string') {
      throw new Error(`upload creation answered ${created.statusCode}`);
    }
    const uploadUrl = new URL(location, baseUrl).toString();
    const patched = await request(uploadUrl, {
      dispatcher,
      method: 'PATCH',
      headers: {
        authorization: `SVC_AUTH_CODE ${token}`,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      body: bytes,
    });
    await patched.body.dump();
    if (patched.statusCode !== 204) throw new Error(`upload write answered ${patched.statusCode}`);
    return uploadUrl.split('/').pop() ?? '';
  } finally {
    await dispatcher.close();
  }
}
