// How rich text says it is HTML: the contract reads a rich-text value as markdown unless it starts
// with this marker. The client, the work comments, the record editor and the sandbox all read and
// write it here, so they agree on the one spelling.

/** Marks rich text sent as HTML (without it the service reads markdown). */
export const HTML_MARKER = '<!-- html -->';
