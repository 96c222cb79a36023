// Plays the browser through an OpenID Provider's authorization pages over real HTTP: follows
// redirects with the provider's cookies, fills oidc-provider's login form and answers its
// consent page, and stops where the provider sends the user back to the client (another origin),
// which is where the editor's URI handler would take over. The sandbox's own provider shows one
// page (a button per demo user; the one whose e-mail starts with the login is pressed), or none
// when the request has a login_hint naming a user.

export interface BrowseOptions {
  /** The login typed into the provider's login form. */
  login?: string;
  /** Press "Continue" on the consent page (default) or abort the interaction there. */
  consent?: 'allow' | 'deny';
}

/** Returns the URL of the redirect back to the client (with code or error, state, iss). */
export async function completeAuthorization(start: URL, options: BrowseOptions = {}): Promise<URL> {
  const origin = start.origin;
  const cookies = new Map<string, string>();
  let next: { url: URL; method: 'GET' | 'POST'; form?: URLSearchParams } = { url: start, method: 'GET' };
  for (let step = 0; step < 20; step += 1) {
    const response = await fetch(next.url, {
      method: next.method,
      redirect: 'manual',
      headers: {
        ...(cookies.size > 0 ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') } : {}),
        ...(next.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: next.form?.toString(),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const target = new URL(location, next.url);
      if (target.origin !== origin) return target;
      next = { url: target, method: 'GET' };
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`${next.url.href} answered ${response.status}: ${html.slice(0, 300)}`);
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&');
    const sandboxUser = new RegExp(`name="user_id" value="([^"]+)">(?:(?!</button>).)*${options.login ?? 'ada'}@`).exec(html)?.[1];
    if (action && sandboxUser) {
      const form = new URLSearchParams();
      for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.append(unescapeHtml(name!), unescapeHtml(value!));
      form.set('user_id', sandboxUser);
      next = { url: new URL(action, next.url), method: 'POST', form };
      continue;
    }
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`${next.url.href} shows a page this test cannot fill in: ${html.slice(0, 300)}`);
    const submit = new URL(action, next.url);
    if (prompt === 'login') {
      next = { url: submit, method: 'POST', form: new URLSearchParams({ prompt, login: options.login ?? 'ada', password: 'any' }) };
    } else if (prompt === 'consent' && options.consent === 'deny') {
      next = { url: new URL(submit.href.replace(/\/?$/, '/abort')), method: 'GET' };
    } else {
      next = { url: submit, method: 'POST', form: new URLSearchParams({ prompt }) };
    }
  }
  throw new Error(`The authorization at ${origin} did not come back to the client within 20 steps.`);
}

function unescapeHtml(text: string): string {
  return text.replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}
