// `Content-Disposition` with the original file name: a plain ASCII `filename` for old clients
// and, when the name is not plain ASCII, an RFC 5987 `filename*` with the exact UTF-8 name.
export function contentDisposition(filename: string, type: 'attachment' | 'inline' = 'attachment'): string {
  const asciiFallback = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const isPlainAscii = /^[\x20-\x7e]*$/.test(filename) && !/["\\]/.test(filename);
  if (isPlainAscii) {
    return `${type}; filename="${filename}"`;
  }
  return `${type}; filename="${asciiFallback}"; filename*=UTF-8''${encodeRfc5987(filename)}`;
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
