// The token never reaches the model: any result, resource or prompt text is cut of it in every
// form a service might echo it back in (as sent, upper- or lower-cased, URL-encoded, base64).
// One helper for both surfaces: the MCP server (src/mcp) and VS Code's language model tools
// (src/extension/agents/lmTools.ts).

const REMOVED = '[token removed]';
/** Shorter secrets would cut ordinary words out of records. */
const MIN_SECRET_LENGTH = 8;

export type Redactor = <T>(value: T) => T;

/** Every form of each secret, as patterns: case-insensitive for the text forms, exact for base64. */
export function secretPatterns(secrets: readonly string[]): RegExp[] {
  const patterns: RegExp[] = [];
  for (const secret of new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH))) {
    const textForms = new Set([secret, encodeURIComponent(secret), encodeURIComponent(encodeURIComponent(secret)), encodeURI(secret)]);
    patterns.push(new RegExp([...textForms].map(escapeRegExp).join('|'), 'gi'));
    const bytes = Buffer.from(secret, 'utf8');
    const encoded = new Set([bytes.toString('base64'), bytes.toString('base64').replace(/=+$/, ''), bytes.toString('base64url')]);
    patterns.push(new RegExp([...encoded].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'g'));
  }
  return patterns;
}

/**
 * A function that returns its value with every string in it (deeply) cut of the secrets. It runs
 * on every answer, so it is cheap when nothing is found (the usual case): one test per string
 * against all forms at once, and a value with nothing to cut is handed back as it is, not copied.
 */
export function redactor(secrets: readonly string[]): Redactor {
  const patterns = secretPatterns(secrets);
  if (patterns.length === 0) return <T>(value: T) => value;
  // Any form of any secret, ignoring case: a superset of what the exact patterns cut.
  const anyForm = new RegExp(patterns.map((pattern) => pattern.source).join('|'), 'i');
  const cut = (text: string) => (anyForm.test(text) ? patterns.reduce((out, pattern) => out.replace(pattern, REMOVED), text) : text);
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return cut(value);
    if (typeof value !== 'object' || value === null) return value;
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        const out = walk(item);
        if (out !== item) (copy ??= value.slice())[i] = out;
      }
      return copy ?? value;
    }
    let copy: Record<string, unknown> | undefined;
    for (const [key, item] of Object.entries(value)) {
      const out = walk(item);
      if (out !== item) (copy ??= { ...value })[key] = out;
    }
    return copy ?? value;
  };
  return <T>(value: T) => walk(value) as T;
}

/**
 * A test of a value's JSON text: true means the redactor would hand that value back as it is, so
 * a caller holding the JSON already (the MCP server's structuredContent, whose rows the tool
 * serialised) need not walk the value's strings. JSON leaves a string's characters as they are
 * but for quotes, backslashes, control characters and lone surrogates: a form of a secret found
 * in no string of the value is found in its JSON neither, unless the secret itself has one of
 * those, for which the answer is always false (the value is walked).
 */
export function cleanJsonTest(secrets: readonly string[]): (json: string) => boolean {
  const patterns = secretPatterns(secrets);
  if (patterns.length === 0) return () => true;
  if (secrets.some((secret) => secret.length >= MIN_SECRET_LENGTH && JSON.stringify(secret) !== `"${secret}"`)) return () => false;
  const anyForm = new RegExp(patterns.map((pattern) => pattern.source).join('|'), 'i');
  return (json) => !anyForm.test(json);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The secrets of an Authorization header: the header as sent and its credential alone. */
export function secretsOfAuthorization(header: string | undefined): string[] {
  return header === undefined ? [] : [header, header.replace(/^\S+\s+/, '')];
}
