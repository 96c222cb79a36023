// The tus 1.0.0 endpoint (contract 4.8) at /api/upload-tus, served by @tus/server with a
// file store in `<dataDir>/uploads`. Authentication happens before a request gets here.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { lookup } from 'mime-types';
import { errorBody, HttpError } from '../http/errors';
import type { SandboxUser } from '../service/contract';
import { isUploadId } from './upload-id';
import { loadTusModules, type TusServer } from './tus-types';
import type { UploadStore } from './upload-store';

export const TUS_PATH = '/api/upload-tus';

/** Methods tus core + creation + termination use. GET is refused: bytes become downloadable only once attached. */
const TUS_METHODS = new Set(['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Carries the authenticated user's id from the transport into @tus/server's hooks. Always
 * overwritten by the transport, so a client cannot choose it.
 */
const OWNER_HEADER = 'x-records-sandbox-owner';

export interface TusEndpoint {
  handles(method: string): boolean;
  /** `user` is the authenticated caller; only the creator of an upload may touch it afterwards. */
  handle(req: IncomingMessage, res: ServerResponse, user: SandboxUser): Promise<void>;
}

/** `scheme` is the sandbox's own: upload URLs carry https under `--tls` (@tus/server would say http). */
export async function createTusEndpoint(store: UploadStore, scheme: 'http' | 'https' = 'http'): Promise<TusEndpoint> {
  const directory = store.directory;
  const { Server, FileStore } = await loadTusModules();
  const server: TusServer = new Server({
    path: TUS_PATH,
    datastore: new FileStore({ directory }),
    // file_uid must be a GUID (contract 2.2).
    namingFunction: () => randomUUID(),
    generateUrl: (_req, { host, path, id }) => `${scheme}://${host}${path}/${id}`,
    getFileIdFromRequest: (_req, lastPath) => (lastPath !== undefined && isUploadId(lastPath) ? lastPath.toLowerCase() : undefined),
    // No browser talks to the sandbox's API, so no CORS headers.
    allowedOrigins: [],
    onUploadCreate: async (req, upload) => {
      const filename = upload.metadata?.filename;
      if (!filename) {
        throw {
          status_code: 400,
          body: 'Upload-Metadata must include "filename" with the base64-encoded original file name.',
        };
      }
      return {
        metadata: {
          ...upload.metadata,
          filetype: lookup(filename) || 'application/octet-stream',
          owner_id: req.headers.get(OWNER_HEADER),
        },
      };
    },
    onResponseError: (_req, error) => {
      const status = 'status_code' in error ? error.status_code : 500;
      const message = ('body' in error ? error.body : error.message).trim();
      return { status_code: status, body: JSON.stringify(errorBody(status, tusErrorCode(status), message)) };
    },
  });
  return {
    handles: (method) => TUS_METHODS.has(method),
    handle: async (req, res, user) => {
      const fileUid = uploadIdOf(req.url ?? '');
      if (fileUid !== undefined) {
        const owner = await store.ownerOf(fileUid);
        if (owner !== undefined && owner !== user.id) {
          // As if it did not exist: upload URLs of other users are none of the caller's business.
          req.resume();
          throw new HttpError(404, 'not_found', `There is no upload ${fileUid} of yours. Start a new upload.`);
        }
      }
      setTrustedHeader(req, OWNER_HEADER, user.id);
      await server.handle(req, res);
    },
  };
}

/** @tus/server reads `rawHeaders`; any copy the client sent is dropped first. */
function setTrustedHeader(req: IncomingMessage, name: string, value: string): void {
  const kept: string[] = [];
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i].toLowerCase() !== name) {
      kept.push(req.rawHeaders[i], req.rawHeaders[i + 1]);
    }
  }
  req.rawHeaders.splice(0, req.rawHeaders.length, ...kept, name, value);
  req.headers[name] = value;
}

function uploadIdOf(requestUrl: string): string | undefined {
  const last = new URL(requestUrl, 'http://sandbox').pathname.split('/').pop() ?? '';
  return isUploadId(last) ? last.toLowerCase() : undefined;
}

function tusErrorCode(status: number): string {
  if (status === 404 || status === 410) {
    return 'not_found';
  }
  if (status === 413) {
    return 'payload_too_large';
  }
  return status >= 500 ? 'internal' : 'invalid_request';
}
