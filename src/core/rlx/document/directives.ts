// `@name value` lines of a `.rlx` file. Parsed without judging the value; the language layer
// validates values against the schema.

export const RLX_DIRECTIVE_NAMES = ['app', 'connection', 'fields', 'sort', 'limit', 'pivot', 'stats', 'search'] as const;
export type RlxDirectiveName = (typeof RLX_DIRECTIVE_NAMES)[number];

export interface RlxDirective {
  /** As written, without `@` (may be unknown or empty: `@` alone). */
  name: string;
  /** Offset of `@`. */
  start: number;
  /** Offset just after the name. */
  nameEnd: number;
  /** The value without surrounding blanks or the trailing comment. */
  value: string;
  valueStart: number;
  valueEnd: number;
}

export function isRlxDirectiveName(name: string): name is RlxDirectiveName {
  return (RLX_DIRECTIVE_NAMES as readonly string[]).includes(name);
}

/** Reads the directive on `text[start, contentEnd)`, which begins (after blanks) with `@`. */
export function parseRlxDirective(text: string, start: number, contentEnd: number): RlxDirective {
  // The name's letters read in place (no regular expression per directive: see rlxDocument.ts).
  let nameEnd = start + 1;
  while (nameEnd < contentEnd && isNameChar(text.charCodeAt(nameEnd))) nameEnd++;
  const name = text.slice(start + 1, nameEnd);
  let valueStart = nameEnd;
  while (valueStart < contentEnd && isBlank(text.charCodeAt(valueStart))) valueStart++;
  let valueEnd = contentEnd;
  while (valueEnd > valueStart && isBlank(text.charCodeAt(valueEnd - 1))) valueEnd--;
  return { name, start, nameEnd, value: text.slice(valueStart, valueEnd), valueStart, valueEnd };
}

/** A-Z, a-z or _. */
function isNameChar(char: number): boolean {
  return (char >= 65 && char <= 90) || (char >= 97 && char <= 122) || char === 95;
}

function isBlank(char: number): boolean {
  return char === 32 || char === 9;
}

/** One item of a comma-separated directive value (`@fields a, b`), with its offsets. */
export interface DirectiveListItem {
  text: string;
  start: number;
  end: number;
}

export function splitDirectiveList(directive: RlxDirective): DirectiveListItem[] {
  const items: DirectiveListItem[] = [];
  let offset = directive.valueStart;
  for (const part of directive.value.split(',')) {
    const lead = part.length - part.trimStart().length;
    const text = part.trim();
    items.push({ text, start: offset + lead, end: offset + lead + text.length });
    offset += part.length + 1;
  }
  return directive.value.trim() === '' ? [] : items;
}
