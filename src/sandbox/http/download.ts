// GET /api/download/{uuid}: streams an attachment from disk; never buffers the file.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { lookup } from 'mime-types';
import type { SandboxService, SandboxUser } from '../service/contract';
import { parseByteRange } from './byte-range';
import { contentDisposition } from './content-disposition';
import { HttpError } from './errors';
import { canRespond } from './respond';

export async function sendDownload(
  service: SandboxService,
  user: SandboxUser,
  fileUid: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const info = service.download(user, fileUid);
  // The size on disk is the truth: a catalogue entry could disagree after a crash.
  const size = await stat(info.path).then(
    (s) => s.size,
    () => {
      throw new HttpError(404, 'not_found', `The bytes of file ${fileUid} are missing from the sandbox's data folder.`);
    },
  );
  if (info.size > 0 && size !== info.size) {
    // Serving it would hand a client a damaged file that looks complete.
    throw new HttpError(500, 'internal', `The stored bytes of file ${fileUid} are damaged (${size} of ${info.size} bytes); the sandbox will not serve them. Attach the file again.`);
  }
  const mimeType = info.mimeType || lookup(info.filename) || 'application/octet-stream';
  const headers: Record<string, string | number> = {
    'Content-Type': mimeType,
    'Content-Disposition': contentDisposition(info.filename),
    'Accept-Ranges': 'bytes',
    'Cache-Control': 'private, no-cache',
    'X-Content-Type-Options': 'nosniff',
  };
  const range = parseByteRange(req.headers.range, size);
  if (range.kind === 'unsatisfiable') {
    throw new HttpError(416, 'range_not_satisfiable', `The requested range is outside the file's ${size} bytes.`, {
      'Content-Range': `bytes */${size}`,
    });
  }
  const start = range.kind === 'partial' ? range.start : 0;
  const end = range.kind === 'partial' ? range.end : size - 1;
  if (range.kind === 'partial') {
    headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  }
  headers['Content-Length'] = size === 0 ? 0 : end - start + 1;
  if (!canRespond(res)) {
    return;
  }
  res.writeHead(range.kind === 'partial' ? 206 : 200, headers);
  if (req.method === 'HEAD' || size === 0) {
    res.end();
    return;
  }
  const expected = end - start + 1;
  let sent = 0;
  const source = createReadStream(info.path, { start, end });
  source.on('data', (chunk) => {
    sent += chunk.length;
  });
  await pipeline(source, res, { end: false });
  if (sent === expected) {
    res.end();
  } else {
    // The file shrank while streaming: cut the connection so the client sees a broken download, not a short complete one.
    res.destroy();
  }
}
