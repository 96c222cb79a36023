// What a sandbox is started with and what a running one offers: the sandbox's public types,
// beside the HTTP runtime, which names them without importing the entry point (../api.ts)
// that starts it (api.ts re-exports them).
import type { JournalFileOps } from '../store/journal';

export interface StartSandboxOptions {
  /** Interface to listen on; loopback by default. */
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  dataDir: string;
  /** How many demo records to generate in a new data folder. */
  records?: number;
  /** Wipe the data folder's records and uploads and start from fresh demo data. */
  reset?: boolean;
  /** Requests per second per client IP; off when undefined. */
  rateLimit?: number;
  /** Uploads never attached are removed after this many seconds (default 86400). */
  uploadTtlSeconds?: number;
  /** Redirect URIs accepted besides loopback http and the VS Code schemes. */
  redirectUris?: string[];
  /**
   * An external OpenID issuer to trust instead of the sandbox's own provider: Bearer JWTs are
   * validated through its discovery document and JWKS, and discovery here names it.
   */
  oidcIssuer?: string;
  /** Lifetime of the access tokens the sandbox's own provider issues (default 3600). */
  accessTokenSeconds?: number;
  /** `aud` values accepted from the external issuer (default: records-service-api and the sandbox's URL); a token needs one of them. */
  oidcAudiences?: string[];
  /**
   * A claim of the external issuer's access tokens whose value is the sandbox user's id (e.g.
   * `sub` or a custom claim). Without it, users are mapped by e-mail, and only by a verified one.
   */
  oidcUserClaim?: string;
  /** Default 30000 (contract 8). */
  requestTimeoutMs?: number;
  /**
   * A request with no byte read or written on its connection for this long is ended (408 JSON
   * before an answer started, else the connection is cut; tus transfers included), and request
   * headers must arrive within it. Default 60000.
   */
  idleTimeoutMs?: number;
  /**
   * A request body arriving slower than this, measured over each idle-timeout window, is ended
   * the same way (a byte now and then would keep the idle timeout away). Default 1024; 0 turns it off.
   */
  minBodyBytesPerSecond?: number;
  /** Connections one client address may hold open at once; more are closed as they open. Default 256; 0 turns it off. */
  maxConnectionsPerClient?: number;
  /** Limit of JSON and form bodies; default 10 MiB. tus uploads are not limited by it. */
  maxBodyBytes?: number;
  /** Largest tus upload (Upload-Length) accepted, answered 413 above; default 10 GiB. */
  maxUploadBytes?: number;
  /** Journal size that triggers a snapshot and a fresh journal; default 32 MiB. */
  compactJournalBytes?: number;
  /** Replaces the journal's file operations. For fault-injection tests only (a full disk, a failing fsync). */
  journalFileOps?: JournalFileOps;
  /**
   * Serve HTTPS with a certificate signed by a private CA generated into `<dataDir>/tls/` at
   * first start (reused afterwards); `RunningSandbox.caPath` names the CA file to trust.
   */
  tls?: boolean;
  /** Receives one line per request; quiet when undefined. Unexpected errors go to stderr otherwise. */
  log?: (line: string) => void;
}

export interface SandboxUserInfo {
  id: string;
  name: string;
  role: string;
  token: string;
}

export interface RunningSandbox {
  url: string;
  users: SandboxUserInfo[];
  /** With `tls`: the PEM file of the CA that signed the server certificate. */
  caPath?: string;
  close(): Promise<void>;
}
