// `GET /`: whoever opens the sandbox's printed address (a browser, curl) learns what answers
// there, where the API is and how to connect, instead of a 404. No authentication: it shows
// only what the sandbox prints at start anyway (its address and the public demo tokens).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '../../core/text/escapeHtml';
import type { SandboxUser } from '../service/contract';
import { HttpError } from './errors';
import { sendHtml, sendJson } from './respond';

export interface RootPageInfo {
  name: string;
  description: string;
  apiBase: string;
  openidConfiguration: string;
  connect: { vscode: string; setting: Record<string, string>; header: string; example: string };
  demoUsers: { name: string; role: string; token: string }[];
}

export function rootPageInfo(origin: string, users: readonly SandboxUser[]): RootPageInfo {
  const admin = users.find((u) => u.role === 'admin') ?? users[0];
  const token = admin?.token ?? '<token>';
  return {
    name: 'Records Service sandbox',
    description: 'A local Records Service with demo data, for trying the Records Service extension without an account.',
    apiBase: `${origin}/api`,
    openidConfiguration: `${origin}/.well-known/openid-configuration`,
    connect: {
      vscode: `In VS Code with the Records Service extension, run "Records: Add Connection…" with the URL ${origin} and a demo token below, or set records.sandbox.url to ${origin}.`,
      setting: { 'records.sandbox.url': origin },
      header: 'Authorization: SVC_AUTH_CODE <token>',
      example: `curl -H "Authorization: SVC_AUTH_CODE ${token}" ${origin}/api/common`,
    },
    demoUsers: users.map(({ name, role, token: userToken }) => ({ name, role, token: userToken })),
  };
}

/** JSON when the client asks for it and not for HTML (scripts, `curl -H 'Accept: application/json'`); HTML otherwise. */
function wantsJson(req: IncomingMessage): boolean {
  const accept = req.headers.accept ?? '';
  return /application\/json/i.test(accept) && !/text\/html/i.test(accept);
}

export function answerRootPage(req: IncomingMessage, res: ServerResponse, origin: string, users: readonly SandboxUser[]): void {
  const method = req.method ?? 'GET';
  req.resume();
  if (method !== 'GET' && method !== 'HEAD') {
    throw new HttpError(405, 'method_not_allowed', `${method} is not supported at /; the API is under /api/.`, { Allow: 'GET, HEAD' });
  }
  const info = rootPageInfo(origin, users);
  res.setHeader('Vary', 'Accept');
  res.setHeader('Cache-Control', 'no-store');
  if (wantsJson(req)) {
    sendJson(res, 200, info);
    return;
  }
  sendHtml(res, 200, renderHtml(info));
}

function renderHtml(info: RootPageInfo): string {
  const rows = info.demoUsers
    .map((u) => `<tr><td>${escapeHtml(u.name)}</td><td>${escapeHtml(u.role)}</td><td><code>${escapeHtml(u.token)}</code></td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(info.name)}</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 44rem; margin: 3rem auto; padding: 0 1rem; color: #1f2328; line-height: 1.5; }
      code, pre { background: #f6f8fa; border-radius: 4px; padding: 0.1rem 0.3rem; }
      pre { padding: 0.75rem; overflow-x: auto; }
      table { border-collapse: collapse; } td, th { text-align: left; padding: 0.25rem 1rem 0.25rem 0; }
    </style>
  </head>
  <body>
    <h1>${escapeHtml(info.name)}</h1>
    <p>${escapeHtml(info.description)}</p>
    <h2>Connect</h2>
    <p>${escapeHtml(info.connect.vscode)}</p>
    <p>API base: <code>${escapeHtml(info.apiBase)}</code> · sign-in: <a href="${escapeHtml(info.openidConfiguration)}">OpenID configuration</a></p>
    <p>Other clients send <code>${escapeHtml(info.connect.header)}</code>, for example:</p>
    <pre>${escapeHtml(info.connect.example)}</pre>
    <h2>Demo users</h2>
    <table><thead><tr><th>Name</th><th>Role</th><th>Token</th></tr></thead><tbody>${rows}</tbody></table>
  </body>
</html>
`;
}
