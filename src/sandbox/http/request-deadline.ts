// Contract 8: a request that exceeds the timeout fails. The sandbox answers 504 with the JSON
// error body and closes the connection; work still running for that request can no longer
// answer (every writer checks `canRespond`). The deadline is about time to the first byte of
// the answer: a download already streaming is not cut, and tus transfers are exempt, since a
// large file over a slow link may legitimately take longer.
import type { ServerResponse } from 'node:http';
import { HttpError, sendError } from './errors';

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
