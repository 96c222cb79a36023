// VS Code's network settings (`http.*`), read for the Records client. core/api/network.ts
// turns them into the HTTP agent shared by API calls, uploads and downloads.
import * as vscode from 'vscode';
import type { NetworkSettings, ProxySupport } from '../../core/api';
import { editorProxyResolver } from './editorProxy';

/** The settings whose change needs new clients (agents are made once per client). */
export const NETWORK_SETTINGS = ['http.proxy', 'http.noProxy', 'http.proxyStrictSSL', 'http.proxyAuthorization', 'http.proxySupport', 'http.systemCertificates', 'http.fetchAdditionalSupport'];

export function readNetworkSettings(): NetworkSettings {
  const http = vscode.workspace.getConfiguration('http');
  const proxy = http.get<string>('proxy')?.trim();
  const noProxy = http.get<unknown>('noProxy');
  const authorization = http.get<unknown>('proxyAuthorization');
  // VS Code follows its own proxy resolution in extensions' `fetch` only while this is on; our
  // client is undici, the engine of that `fetch`, so it follows the same switch.
  const editorProxy = http.get<boolean>('fetchAdditionalSupport') === false ? undefined : editorProxyResolver();
  return {
    ...(proxy ? { proxy } : {}),
    noProxy: Array.isArray(noProxy) ? noProxy.filter((entry): entry is string => typeof entry === 'string') : [],
    strictSSL: http.get<boolean>('proxyStrictSSL') !== false,
    ...(typeof authorization === 'string' && authorization ? { proxyAuthorization: authorization } : {}),
    proxySupport: http.get<ProxySupport>('proxySupport') ?? 'override',
    systemCertificates: http.get<boolean>('systemCertificates') !== false,
    ...(editorProxy ? { editorProxy } : {}),
  };
}

/** Same text for the same settings (and environment): a changed key means a new agent. */
export function networkKey(settings: NetworkSettings): string {
  const env = process.env;
  // JSON leaves the resolver out: whether one is followed is part of the key.
  return JSON.stringify([settings, settings.editorProxy !== undefined, env.HTTPS_PROXY ?? env.https_proxy, env.HTTP_PROXY ?? env.http_proxy, env.NO_PROXY ?? env.no_proxy, env.NODE_EXTRA_CA_CERTS]);
}

export function affectsNetwork(event: vscode.ConfigurationChangeEvent): boolean {
  return NETWORK_SETTINGS.some((section) => event.affectsConfiguration(section));
}
