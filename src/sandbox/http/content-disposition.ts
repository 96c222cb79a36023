// `Content-Disposition` with the original file name: a plain ASCII `filename` for old clients
// and, when the name is not plain ASCII, an RFC 8187 `filename*` with the exact UTF-8 name
// (the `content-disposition` package, whose parser the client uses).
import { create } from 'content-disposition';

export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  // The package's own ASCII fallback puts "?" for other characters, which Windows refuses in a
  // file name; "_" is saved as is by a client that reads only `filename`.
  const fallback = /^[\x20-\x7e]*$/.test(filename) ? true : filename.replace(/[^\x20-\x7e]/g, '_');
  return create(filename, { type, fallback });
}
