// Text from a service, a workspace or a file that lands on one line of something else (a commit
// message's subject, a log line, a status bar): a line break there would start a line of its
// own choosing (a `Signed-off-by:` trailer, a forged log entry), and a bidirectional control
// would make the line read in another order than it is (Trojan Source). Every such character
// becomes a space.

/** Control characters (line breaks among them), Unicode line/paragraph separators and bidi controls. */
const LINE_BREAKING = /[\p{Cc}\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]+/gu;

/** `text` on one line: each run of control, separator and bidi characters is one space. */
export function singleLine(text: string): string {
  return text.replace(LINE_BREAKING, ' ');
}
