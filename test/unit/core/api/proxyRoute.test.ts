// The proxy decision: the user's own proxy (setting, environment) first, `http.proxySupport: off`
// and `*` in the no-proxy list mean direct, and otherwise each request follows what VS Code
// resolves for its URL. The resolver here stands in for VS Code's (the real one is exercised in
// the extension host: test/integration/editor-proxy.test.ts).
import * as assert from 'node:assert/strict';
import { type EditorProxyResolver, type ProxyPlan, bypassesProxy, editorRoute, proxyPlan } from '../../../../src/core/api/proxyRoute';

/** A resolver that answers `answer` and records the URLs it was asked about. */
function resolverAnswering(answer: string | undefined | Error): EditorProxyResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = (url: string): Promise<string | undefined> => {
    asked.push(url);
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
  };
  return Object.assign(resolve, { asked });
}

function editorPlan(plan: ProxyPlan): Extract<ProxyPlan, { kind: 'editor' }> {
  assert.equal(plan.kind, 'editor');
  return plan as Extract<ProxyPlan, { kind: 'editor' }>;
}

describe('proxyPlan: which way a connection’s requests go', () => {
  const editor = resolverAnswering('http://pac-proxy.corp:3128');

  it('uses http.proxy when the user set it, even when VS Code would resolve another', () => {
    assert.deepEqual(proxyPlan({ proxy: ' http://mine:8080 ', editorProxy: editor, env: {} }), { kind: 'configured', proxy: 'http://mine:8080', noProxy: [] });
  });

  it('uses HTTPS_PROXY / HTTP_PROXY of the environment when http.proxy is empty', () => {
    assert.deepEqual(proxyPlan({ proxy: '', editorProxy: editor, env: { HTTPS_PROXY: 'http://env:3128', NO_PROXY: 'a.example, b.example' } }), {
      kind: 'configured',
      proxy: 'http://env:3128',
      noProxy: ['a.example', 'b.example'],
    });
    assert.equal((proxyPlan({ env: { http_proxy: 'http://lower:1' } }) as { proxy?: string }).proxy, 'http://lower:1');
  });

  it('goes direct with http.proxySupport off, whatever the setting, the environment or VS Code say', () => {
    assert.deepEqual(proxyPlan({ proxy: 'http://mine:8080', proxySupport: 'off', editorProxy: editor, env: { HTTPS_PROXY: 'http://env:1' } }), { kind: 'direct' });
    assert.deepEqual(proxyPlan({ proxySupport: 'off', editorProxy: editor, env: {} }), { kind: 'direct' });
  });

  it('goes direct when the no-proxy list says *', () => {
    assert.deepEqual(proxyPlan({ proxy: 'http://mine:8080', noProxy: ['*'], env: {} }), { kind: 'direct' });
    assert.deepEqual(proxyPlan({ editorProxy: editor, env: { NO_PROXY: '*' } }), { kind: 'direct' });
  });

  it('follows VS Code’s resolution when the user named no proxy (every proxySupport but off)', () => {
    for (const proxySupport of [undefined, 'on', 'fallback', 'override'] as const) {
      const plan = editorPlan(proxyPlan({ proxySupport, editorProxy: editor, noProxy: ['intra.example'], env: {} }));
      assert.equal(plan.resolve, editor);
      assert.deepEqual(plan.noProxy, ['intra.example']);
    }
  });

  it('goes direct when nothing names a proxy and VS Code offers no resolution (outside the editor, fetchAdditionalSupport off)', () => {
    assert.deepEqual(proxyPlan({ env: {} }), { kind: 'direct' });
  });
});

describe('editorRoute: one request under VS Code’s resolution', () => {
  const plan = (answer: string | undefined | Error, noProxy: string[] = []) => {
    const resolve = resolverAnswering(answer);
    return { plan: editorPlan(proxyPlan({ editorProxy: resolve, noProxy, env: {} })), resolve };
  };

  it('goes through the proxy VS Code resolves (PROXY host:port as http://, HTTPS host:port as https://), asked with the full URL', async () => {
    const http = plan('http://proxy.corp:3128');
    assert.deepEqual(await editorRoute('https://records.example/api/users/me?x=1', http.plan), { kind: 'proxy', url: 'http://proxy.corp:3128' });
    assert.deepEqual(http.resolve.asked, ['https://records.example/api/users/me?x=1']);
    assert.deepEqual(await editorRoute('https://records.example/', plan('https://secure-proxy.corp:443/').plan), { kind: 'proxy', url: 'https://secure-proxy.corp' });
    assert.deepEqual(await editorRoute('https://records.example/', plan('http://user:p%40ss@proxy.corp:8080').plan), { kind: 'proxy', url: 'http://user:p%40ss@proxy.corp:8080' });
  });

  it('goes direct when VS Code resolves DIRECT (no proxy URL)', async () => {
    assert.deepEqual(await editorRoute('https://records.example/', plan(undefined).plan), { kind: 'direct' });
    assert.deepEqual(await editorRoute('https://records.example/', plan('').plan), { kind: 'direct' });
  });

  it('goes direct, as before, for a SOCKS proxy, an unreadable answer or a failed resolution', async () => {
    assert.deepEqual(await editorRoute('https://records.example/', plan('socks://socks.corp:1080').plan), { kind: 'direct' });
    assert.deepEqual(await editorRoute('https://records.example/', plan('socks4a://socks.corp:1080').plan), { kind: 'direct' });
    assert.deepEqual(await editorRoute('https://records.example/', plan('PROXY proxy.corp:3128').plan), { kind: 'direct' });
    assert.deepEqual(await editorRoute('https://records.example/', plan(new Error('PAC script failed')).plan), { kind: 'direct' });
  });

  it('never asks about a loopback URL: the local sandbox is always reached directly, whatever a PAC script would say', async () => {
    const loopback = plan('http://proxy.corp:3128');
    for (const url of ['http://127.0.0.1:8770/api', 'http://localhost:1/', 'https://records.localhost/', 'http://[::1]:8080/', 'http://127.0.0.2/']) {
      assert.deepEqual(await editorRoute(url, loopback.plan), { kind: 'direct' }, url);
    }
    assert.deepEqual(loopback.resolve.asked, []);
    // A name that merely starts with 127. is a remote host (the same rule as for tokens over plain http).
    assert.deepEqual(await editorRoute('http://127.evil.example/', loopback.plan), { kind: 'proxy', url: 'http://proxy.corp:3128' });
  });

  it('applies the user’s no-proxy list (http.noProxy and NO_PROXY) before asking VS Code', async () => {
    const bypassed = plan('http://proxy.corp:3128', ['.intra.example', 'records.example:8443']);
    assert.deepEqual(await editorRoute('https://api.intra.example/x', bypassed.plan), { kind: 'direct' });
    assert.deepEqual(await editorRoute('https://records.example:8443/x', bypassed.plan), { kind: 'direct' });
    assert.deepEqual(bypassed.resolve.asked, [], 'VS Code was not asked about a host the user excluded');
    assert.deepEqual(await editorRoute('https://records.example/x', bypassed.plan), { kind: 'proxy', url: 'http://proxy.corp:3128' });
  });
});

describe('bypassesProxy: the no-proxy entries', () => {
  const at = (url: string, ...entries: string[]): boolean => bypassesProxy(new URL(url), entries);

  it('matches a host, its subdomains and an optional port, in any case and with a leading . or *.', () => {
    assert.ok(at('https://Records.Example/', 'records.example'));
    assert.ok(at('https://eu.records.example/', '.records.example'));
    assert.ok(at('https://eu.records.example/', '*.records.example'));
    assert.ok(at('https://records.example/', 'records.example:443'));
    assert.ok(!at('https://records.example/', 'records.example:8443'));
    assert.ok(!at('https://notrecords.example/', 'records.example'));
    assert.ok(at('http://[fd00::1]:8080/', '[fd00::1]:8080'));
    assert.ok(at('http://[fd00::1]/', 'fd00::1'));
    assert.ok(at('https://anything.example/', '*'));
  });
});
