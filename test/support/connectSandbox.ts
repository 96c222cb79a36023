// The one way an extension-host test connects the extension to the run's sandbox (or to a relay in
// front of it): the connection is added with its token already stored, as Add Connection does, so
// no view reads it signed out, and `dispose()` removes it with its credentials.
import * as vscode from 'vscode';
import type { RecordsClient } from '../../src/core/api';
import type { ConnectionInfo } from '../../src/extension/connections/connectionInfo';
import type { RecordsExtensionApi } from '../../src/extension/extension';
import { sandboxConnection } from '../integration/support/environment';

export const EXTENSION_ID = 'records-tools.records-service';

export interface ConnectOptions {
  /** The token to sign in with: the run's admin by default. */
  token?: string;
  /** Where the connection points: the run's sandbox by default, or a relay in front of it. */
  baseUrl?: string;
  /** Makes it the active connection, as Add Connection does unless told not to. */
  select?: boolean;
}

export interface ConnectedSandbox {
  readonly api: RecordsExtensionApi;
  readonly info: ConnectionInfo;
  readonly id: string;
  client(): Promise<RecordsClient>;
  /** Removes the connection and its credentials. */
  dispose(): Promise<void>;
}

/** The extension's API, activating it first. */
export async function extensionApi(): Promise<RecordsExtensionApi> {
  return (await vscode.extensions.getExtension<RecordsExtensionApi>(EXTENSION_ID)!.activate())!;
}

export async function connectSandbox(name: string, options: ConnectOptions = {}): Promise<ConnectedSandbox> {
  const api = await extensionApi();
  const sandbox = sandboxConnection();
  const info = await api.connections.add({ name, baseUrl: options.baseUrl ?? sandbox.url, authKind: 'authCode' }, options.token ?? sandbox.adminToken);
  if (options.select) await api.connections.select(info.id);
  let removed: Promise<void> | undefined;
  return {
    api,
    info,
    id: info.id,
    client: () => api.connections.client(info.id),
    dispose: () => (removed ??= api.connections.remove(info.id)),
  };
}
