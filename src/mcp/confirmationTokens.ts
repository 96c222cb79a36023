// One-time confirmation tokens for clients that cannot ask their user (no MCP elicitation): the
// first call returns the plan and a token bound to that exact change; only a second call with the
// token, whose fresh plan is the same change, is sent. A token is used once and expires.
import type * as NodeCrypto from 'node:crypto';
import type { WritePlan } from '../core/agents';

// node:crypto is loaded at the first write, not at every start: loading it was about a tenth of
// the time to `initialize` on a quiet machine, for a server that is mostly read from.
let loadedCrypto: typeof NodeCrypto | undefined;
function crypto(): typeof NodeCrypto {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loadedCrypto ??= require('node:crypto') as typeof NodeCrypto);
}

/** Long enough for a person to read the plan and answer, short enough that a forgotten one dies. */
export const CONFIRMATION_TTL_MS = 10 * 60_000;

export interface IssuedToken {
  confirmationToken: string;
  expiresAt: string;
}

export class ConfirmationTokens {
  private readonly pending = new Map<string, { fingerprint: string; expires: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  issue(plan: WritePlan): IssuedToken {
    this.forgetExpired();
    const confirmationToken = crypto().randomBytes(18).toString('base64url');
    const expires = this.now() + CONFIRMATION_TTL_MS;
    this.pending.set(confirmationToken, { fingerprint: fingerprintOf(plan), expires });
    return { confirmationToken, expiresAt: new Date(expires).toISOString() };
  }

  /** True when the token was issued for this exact change and is still fresh; a token is taken on its first use either way. */
  redeem(token: string, plan: WritePlan): boolean {
    const entry = this.pending.get(token);
    this.pending.delete(token);
    return entry !== undefined && entry.expires > this.now() && entry.fingerprint === fingerprintOf(plan);
  }

  private forgetExpired(): void {
    const now = this.now();
    for (const [token, entry] of this.pending) if (entry.expires <= now) this.pending.delete(token);
  }
}

/** The exact change: the operation sent and the text the user was shown (which holds the values now). */
function fingerprintOf(plan: WritePlan): string {
  return crypto().createHash('sha256').update(JSON.stringify([plan.tool, plan.operation, plan.message])).digest('hex');
}
