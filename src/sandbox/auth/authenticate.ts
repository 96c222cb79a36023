// Resolves the signed-in user of an API request from its Authorization header (contract 5).
import type { IncomingMessage } from 'node:http';
import { HttpError } from '../http/errors';
import type { SandboxService, SandboxUser } from '../service/contract';
import type { ExternalIssuer } from './external-issuer';
import type { TokenIssuer } from './token-issuer';

const REALM = 'records-sandbox';

export class Authenticator {
  constructor(
    private readonly service: SandboxService,
    private readonly tokens: TokenIssuer,
    /** With `--oidc-issuer`, Bearer tokens come from that issuer only, not from the sandbox's own provider. */
    private readonly external?: ExternalIssuer,
  ) {}

  async authenticate(req: IncomingMessage): Promise<SandboxUser> {
    const header = req.headers.authorization;
    if (!header) {
      throw unauthorized('The request has no Authorization header. Send "SVC_AUTH_CODE <token>" or "Bearer <access token>".');
    }
    const match = /^(\S+)\s+(\S+)\s*$/.exec(header);
    const scheme = match?.[1].toUpperCase();
    const credential = match?.[2] ?? '';
    if (scheme === 'SVC_AUTH_CODE') {
      const user = this.service.userByToken(credential);
      if (!user) {
        throw unauthorized('The SVC_AUTH_CODE token is not known to this sandbox. Use one of the demo tokens it printed at start.');
      }
      return user;
    }
    if (scheme === 'BEARER' && this.external) {
      const checked = await this.external.verify(credential);
      if ('problem' in checked) throw unauthorized(checked.problem, 'invalid_token');
      return checked.user;
    }
    if (scheme === 'BEARER') {
      const userId = await this.tokens.verifyAccessToken(credential);
      const user = userId === undefined ? undefined : this.service.userById(userId);
      if (!user) {
        throw unauthorized('The bearer token is invalid or expired. Sign in again to get a new one.', 'invalid_token');
      }
      return user;
    }
    throw unauthorized('The Authorization scheme is not supported. Use "SVC_AUTH_CODE <token>" or "Bearer <access token>".');
  }
}

function unauthorized(message: string, bearerError?: string): HttpError {
  const bearer = bearerError ? `Bearer realm="${REALM}", error="${bearerError}"` : `Bearer realm="${REALM}"`;
  return new HttpError(401, 'unauthorized', message, {
    'WWW-Authenticate': [`SVC_AUTH_CODE realm="${REALM}"`, bearer],
  });
}
