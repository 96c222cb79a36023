// Two deadlines. Contract 8: a request that exceeds the timeout fails. The sandbox answers 504 with the JSON
// error body and closes the connection; work still running for that request can no longer
// answer (every writer checks `canRespond`). The deadline is about time to the first byte of
// the answer: a download already streaming is not cut, and tus transfers are exempt, since a
// large file over a slow link may legitimately take longer.
// And an idle timeout: nothing moving on the connection for a while ends the request, whatever
// it is. A byte now and then restarts that timer, so a request body must also keep a minimum
// rate: a client trickling a tus PATCH (exempt from the first deadline) cannot hold it open.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, sendError } from './errors';
import { canRespond } from './respond';

/** Default of `idleTimeoutMs`: longer than the request deadline, which answers first when it can. */
export const DEFAULT_IDLE_TIMEOUT_MS = 60_000;
/** Default of `minBodyBytesPerSecond`: 1 KiB/s, slower than any real link that means to finish. */
export const DEFAULT_MIN_BODY_BYTES_PER_SECOND = 1024;

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
  res.setTimeout(idleMs, () => stopRequest(req, res, ownsAnswer, `Nothing arrived for ${idleMs} ms, so the request was stopped. Send it again.`, log));
}

/**
 * Ends a request whose body arrives slower than `bytesPerSecond`, measured over each window of
 * `windowMs` until the body is complete: one byte every second keeps the idle timeout away but
 * not this. Counted on the socket (`bytesRead`), so the body stream is left to its reader.
 */
export function armMinimumBodyRate(
  req: IncomingMessage,
  res: ServerResponse,
  windowMs: number,
  bytesPerSecond: number,
  ownsAnswer: () => boolean,
  log: (line: string) => void,
): void {
  if (bytesPerSecond <= 0) return;
  const needed = (bytesPerSecond * windowMs) / 1000;
  let seen = req.socket.bytesRead;
  const timer = setInterval(() => {
    if (req.complete || res.writableEnded || req.socket.destroyed) {
      clearInterval(timer);
      return;
    }
    const read = req.socket.bytesRead;
    // Nothing at all in a window is the idle timeout's to answer, in its own words.
    if (read > seen && read - seen < needed) {
      clearInterval(timer);
      stopRequest(req, res, ownsAnswer, `The request body arrived slower than ${bytesPerSecond} bytes a second, so the request was stopped. Send it again.`, log);
      return;
    }
    seen = read;
  }, windowMs);
  timer.unref();
  const clear = () => clearInterval(timer);
  res.once('close', clear);
  req.once('end', clear);
}

/** 408 JSON while the answer is ours and not begun; else the connection is cut (a tus client resumes from the stored offset). */
function stopRequest(req: IncomingMessage, res: ServerResponse, ownsAnswer: () => boolean, message: string, log: (line: string) => void): void {
  if (ownsAnswer() && canRespond(res)) {
    res.setHeader('Connection', 'close');
    sendError(res, new HttpError(408, 'timeout', message), log);
    return;
  }
  req.socket.destroy();
}
