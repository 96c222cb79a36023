// Two deadlines. Contract 8: a request that exceeds the timeout fails. The sandbox answers 504 with the JSON
// error body and closes the connection; work still running for that request can no longer
// answer (every writer checks `canRespond`). The deadline is about time to the first byte of
// the answer: a download already streaming is not cut, and tus transfers are exempt, since a
// large file over a slow link may legitimately take longer.
// And an idle timeout: nothing moving on the connection for a while ends the request, whatever
// it is, so a client trickling a tus PATCH (exempt from the first deadline) cannot hold it open.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, sendError } from './errors';
import { canRespond } from './respond';

/** Default of `idleTimeoutMs`: longer than the request deadline, which answers first when it can. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;

export function armRequestDeadline(res: ServerResponse, timeoutMs: number, log: (line: string) => void): void {
  const timer = setTimeout(() => {
    if (res.headersSent) {
      return;
    }
    res.setHeader('Connection', 'close');
    sendError(
      res,
      new HttpError(504, 'timeout', `The request took longer than ${timeoutMs} ms and was stopped. Retry it, or ask for less data at once.`),
      log,
    );
  }, timeoutMs);
  timer.unref();
  const clear = () => clearTimeout(timer);
  res.once('finish', clear);
  res.once('close', clear);
}

/**
 * Ends the request when no byte was read or written on its connection for `idleMs`: a stalled
 * JSON body gets 408 `timeout` JSON and the connection is closed; a tus transfer (whose answer
 * belongs to @tus/server) or an answer already under way is cut. A tus client resumes from the
 * offset the sandbox stored, as after any dropped connection.
 */
export function armIdleTimeout(
  req: IncomingMessage,
  res: ServerResponse,
  idleMs: number,
  ownsAnswer: () => boolean,
  log: (line: string) => void,
): void {
  res.setTimeout(idleMs, () => {
    if (ownsAnswer() && canRespond(res)) {
      res.setHeader('Connection', 'close');
      sendError(res, new HttpError(408, 'timeout', `Nothing arrived for ${idleMs} ms, so the request was stopped. Send it again.`), log);
      return;
    }
    req.socket.destroy();
  });
}
