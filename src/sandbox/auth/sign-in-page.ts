// The sandbox's sign-in page: one button per demo user. No scripts; the form posts the original
// authorization request back to /connect/authorize together with the chosen user.
import type { SandboxUser } from '../service/contract';
import { escapeHtml } from '../../core/text/escapeHtml';

export function renderSignInPage(users: readonly SandboxUser[], request: URLSearchParams, clientId: string): string {
  const hidden = [...request.entries()]
    .filter(([name]) => name !== 'user_id')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  const buttons = users
    .map(
      (user) =>
        `<button type="submit" name="user_id" value="${escapeHtml(user.id)}">` +
        `<strong>${escapeHtml(user.name)}</strong><span>${escapeHtml(user.role)} · ${escapeHtml(user.email)}</span></button>`,
    )
    .join('\n      ');
  return page(
    'Sign in to the Records sandbox',
    `<h1>Sign in to the Records sandbox</h1>
    <p><strong>${escapeHtml(clientId)}</strong> asks to use the Records Service as one of the demo users. Choose who you are:</p>
    <form method="post" action="authorize">
      ${hidden}
      ${buttons}
    </form>
    <p class="note">This is a local sandbox: no password is needed.</p>`,
  );
}

export function renderAuthorizationErrorPage(message: string): string {
  return page(
    'Sign-in request refused',
    `<h1>Sign-in request refused</h1>
    <p>${escapeHtml(message)}</p>
    <p class="note">Start the sign-in again from your editor.</p>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>${escapeHtml(title)}</title>
    <style>
      body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; color: #1f2328; }
      form { display: flex; flex-direction: column; gap: 0.5rem; }
      button { display: flex; flex-direction: column; align-items: flex-start; padding: 0.75rem 1rem; font: inherit;
        border: 1px solid #d0d7de; border-radius: 6px; background: #f6f8fa; cursor: pointer; text-align: left; }
      button:hover, button:focus { border-color: #0969da; outline: none; }
      button span { font-size: 0.85rem; color: #57606a; }
      .note { font-size: 0.85rem; color: #57606a; }
    </style>
  </head>
  <body>
    ${body}
  </body>
</html>
`;
}
