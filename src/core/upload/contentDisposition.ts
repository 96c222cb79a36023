// The file name a download's `Content-Disposition` gives (RFC 6266), the RFC 8187 `filename*`
// (non-ASCII names) before the plain `filename`. Here rather than in the API client so the
// parser loads with the files feature, not with the extension.
import { parse } from 'content-disposition';

export function fileNameFromDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    return parse(header).parameters.filename || undefined;
  } catch {
    // A header no parser understands names nothing; the caller picks a name of its own.
    return undefined;
  }
}
