// VS Code's own proxy resolution, for the Records client's undici agents. The extension host
// patches `http`, `https` and global `fetch` so that extensions using them follow what VS Code
// resolves for each URL (the OS proxy settings and PAC scripts on desktop, Kerberos proxy
// sign-in); our client uses its own undici agents, which those patches never see. The same
// resolution is published as `resolveProxyURL` on the editor's `@vscode/proxy-agent` module
// (VS Code's Network Proxy Test extension reads it there). We read it from the copy the editor
// has already loaded, never load one of our own: a fresh copy would not carry it.
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { EditorProxyResolver } from '../../core/api';

let found: { resolve: EditorProxyResolver | undefined } | undefined;

/**
 * VS Code's proxy resolution for a URL, or undefined where this editor does not offer it (an
 * older VS Code, a web extension host). Looked up once: the module does not change while the
 * extension host runs; what it answers does, and it is asked again for every request.
 */
export function editorProxyResolver(): EditorProxyResolver | undefined {
  return (found ??= { resolve: lookUp() }).resolve;
}

function lookUp(): EditorProxyResolver | undefined {
  // Desktop builds have kept node_modules in an asar archive; code-server and newer builds do not.
  for (const folder of ['node_modules', 'node_modules.asar']) {
    const loaded = loadedModule(join(vscode.env.appRoot, folder, '@vscode', 'proxy-agent'));
    const resolve = (loaded as { resolveProxyURL?: unknown } | undefined)?.resolveProxyURL;
    if (typeof resolve === 'function') {
      return (url) => Promise.resolve((resolve as (url: string) => Promise<string | undefined>)(url));
    }
  }
  return undefined;
}

/** The exports of a module the editor loaded, without loading it when it did not. */
function loadedModule(folder: string): unknown {
  try {
    const file = require.resolve(folder);
    const cached = require.cache[file];
    if (!cached) return undefined;
    const exports = cached.exports as { default?: unknown };
    return exports.default ?? exports;
  } catch {
    return undefined;
  }
}
