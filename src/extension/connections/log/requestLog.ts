// The "Records" log (Output view): one line per request to a Records Service, bodies only at
// Trace level, never a secret (see core/api/requestLog.ts). "Records: Show Log" opens it.
import * as vscode from 'vscode';
import type { RequestFinished } from '../../../core/api/requestObserver';
import { formatRequestBodies, formatRequestLine } from '../../../core/api/requestLog';
import { singleLine } from '../../../core/text/singleLine';

let channel: vscode.LogOutputChannel | undefined;
const written = new vscode.EventEmitter<string>();
/** Each request line as written (the channel's text cannot be read back; tests and scripts listen here). */
export const onDidLogRequest: vscode.Event<string> = written.event;

export const SHOW_LOG_COMMAND = 'records.showLog';

/** The log channel, created on first use. */
export function recordsLog(): vscode.LogOutputChannel {
  channel ??= vscode.window.createOutputChannel('Records', { log: true });
  return channel;
}

/**
 * Writes one request, led by the name of the connection that sent it (with two connections
 * open, a line must say which one failed): failures as warnings, the rest as info; bodies only
 * at Trace.
 */
export function logRequest(event: RequestFinished, connectionName: string): void {
  const log = recordsLog();
  const line = `[${singleLine(connectionName)}] ${formatRequestLine(event)}`;
  if (event.error !== undefined || (event.status ?? 0) >= 400) log.warn(line);
  else log.info(line);
  written.fire(line);
  if (log.logLevel === vscode.LogLevel.Trace) for (const body of formatRequestBodies(event)) log.trace(body);
}

export function registerRequestLog(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand(SHOW_LOG_COMMAND, () => recordsLog().show(true)),
    { dispose: () => { channel?.dispose(); channel = undefined; } },
  );
}
