// The values of a filter checked like its syntax: one rule, used by the agent tools (and so the
// chat participant) before a filter is sent, and by the `.rlx` diagnostics as warnings with a
// quick fix. People see names, captions and references; filters need ids and db values, so a
// value written the way people see it would match nothing, silently. This finds such values:
// - a person field given a display name or e-mail (case-insensitive, exact) → the user's id,
//   or `@me` when it is the signed-in user; several people of that name → all of them, by id;
// - a lookup field given a caption ("Open") → its db value;
// - a link field given a reference (`IT/TASK4`) → the reference, for the caller to turn into
//   the record's id (that needs a read, which a synchronous check cannot make).
// The same holds for each item of an `in` list (`keeper_id in "Grace Hopper,ada@…":string[]`):
// an item is found, resolved or refused exactly as the value of `=` would be.
// Pure: no requests here.
import { fitsInList, quoteFilterString } from '../../contract/filterLiterals';
import { type RecordReference, parseReference } from '../../contract/reference';
import { walkRlx } from '../nodeAt';
import type { RlxNode, RlxStringNode } from '../nodes';
import { closest } from './closest';
import { rlxFieldType, schemaField, schemaLookups } from './fieldKinds';
import type { RlxScopeSchema, RlxSignedInUser } from './schemaSource';

export interface RlxValueCandidate {
  /** What the filter needs: a user id or a lookup's db value. */
  value: string;
  /** What people see: the person's name or the lookup's caption. */
  caption: string;
}

interface FindingBase {
  field: string;
  /** The value as written (unquoted). */
  written: string;
  /**
   * Offsets in the parsed text of what a fix replaces: the string literal, quotes included, or,
   * for an item of an `in` list, the item's text inside the list's quotes.
   */
  start: number;
  end: number;
  /** The value is one item of an `in` list: a fix writes it bare, and `@me` cannot stand there. */
  inList: boolean;
}

export type RlxValueFinding =
  /** One person or lookup value carries this name or caption. */
  | (FindingBase & { outcome: 'resolved'; kind: 'person' | 'lookup'; resolved: RlxValueCandidate; isMe: boolean })
  /** Several do: the filter cannot say which one is meant. */
  | (FindingBase & { outcome: 'ambiguous'; kind: 'person' | 'lookup'; candidates: RlxValueCandidate[] })
  /** A person field given text that is neither an id nor a known person's name or e-mail. */
  | (FindingBase & { outcome: 'unknown_person'; kind: 'person'; suggestions: RlxValueCandidate[] })
  /** A link field given a record reference: the caller reads the record's id. */
  | (FindingBase & { outcome: 'reference'; kind: 'link'; reference: RecordReference });

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Values of `root` written as people see them, in the order they appear. */
export function findFilterValues(root: RlxNode, schema: RlxScopeSchema, me?: RlxSignedInUser): RlxValueFinding[] {
  const findings: RlxValueFinding[] = [];
  walkRlx(root, (node) => addValueFindings(node, schema, me, findings));
  return findings;
}

/**
 * findFilterValues' rule for one node: the value of a comparison, or each item of an `in` list,
 * written as people see it, added to `findings`. For a walk that visits every node anyway (the
 * diagnostics'), so that a filter is walked once.
 */
export function addValueFindings(node: RlxNode, schema: RlxScopeSchema, me: RlxSignedInUser | undefined, findings: RlxValueFinding[]): void {
  if (node.kind === 'Comparison') {
    if ((node.operator !== '=' && node.operator !== '!=') || node.value.kind !== 'String') return;
    if (schemaField(schema, node.field.name) === undefined) return;
    const literal = node.value;
    const finding = findingOf({ field: node.field.name, written: literal.value.trim(), start: literal.start, end: literal.end, inList: false }, schema, me);
    if (finding !== undefined) findings.push(finding);
  } else if (node.kind === 'In') {
    // A :number[] list holds numbers, never names, captions or references.
    if (node.list.kind !== 'String' || node.cast === 'number' || schemaField(schema, node.field.name) === undefined) return;
    for (const item of rlxListItems(node.list)) {
      const finding = findingOf({ field: node.field.name, written: item.value, start: item.start, end: item.end, inList: true }, schema, me);
      if (finding !== undefined) findings.push(finding);
    }
  }
}

/** One item of an `in` list: its unescaped, trimmed text and where its raw text is in the parsed text. */
export interface InListItem {
  value: string;
  start: number;
  end: number;
}

/**
 * The items of an `in` list literal as the service reads them (split on commas, trimmed), with
 * their offsets in the source: `\"` and `\\` are escapes, any other backslash is kept as written.
 */
export function rlxListItems(list: RlxStringNode): InListItem[] {
  const items: InListItem[] = [];
  const close = list.terminated ? list.raw.length - 1 : list.raw.length;
  let value = '';
  let itemStart = 1;
  const push = (rawEnd: number) => {
    const lead = value.length - value.trimStart().length;
    const trail = value.length - value.trimEnd().length;
    // Spaces are never escaped, so trimming the value trims the raw text by as many characters.
    items.push({ value: value.trim(), start: list.start + itemStart + lead, end: list.start + rawEnd - trail });
  };
  for (let i = 1; i < close; i++) {
    const char = list.raw[i]!;
    if (char === ',') {
      push(i);
      value = '';
      itemStart = i + 1;
    } else if (char === '\\' && (list.raw[i + 1] === '"' || list.raw[i + 1] === '\\') && i + 1 < close) {
      value += list.raw[++i];
    } else {
      value += char;
    }
  }
  push(close);
  return items;
}

/**
 * What replaces a finding's text so that it reads `value`: a quoted literal, or for an item of an
 * `in` list the bare item (escaped as inside a string). Undefined when a list cannot carry the
 * value (a comma, spaces around it): then the caller says so instead of changing the list.
 */
export function rlxValueReplacement(finding: Pick<RlxValueFinding, 'inList'>, value: string): string | undefined {
  if (!finding.inList) return quoteFilterString(value);
  return fitsInList(value) ? quoteFilterString(value).slice(1, -1) : undefined;
}

function findingOf(base: FindingBase, schema: RlxScopeSchema, me: RlxSignedInUser | undefined): RlxValueFinding | undefined {
  if (base.written === '') return undefined;
  const field = base.field;
  switch (rlxFieldType(schema, field)) {
    case 'person':
      return personFinding(base, schema, me);
    case 'lookup':
      return lookupFinding(base, schema);
    case 'link':
      return linkFinding(base, schema);
    default:
      return undefined;
  }
}

/** Everyone the filter may name: the workspace's people with ids, and the signed-in user. */
function peopleOf(schema: RlxScopeSchema, me: RlxSignedInUser | undefined): { id: string; name: string; email?: string }[] {
  const people = new Map<string, { id: string; name: string; email?: string }>();
  for (const user of schema.users) {
    if (user.id) people.set(user.id.toLowerCase(), { id: user.id, name: user.name, ...(user.email ? { email: user.email } : {}) });
  }
  if (me !== undefined) {
    const known = people.get(me.id.toLowerCase());
    people.set(me.id.toLowerCase(), { id: me.id, name: known?.name ?? me.name ?? me.id, ...(me.email ? { email: me.email } : known?.email ? { email: known.email } : {}) });
  }
  return [...people.values()];
}

function personFinding(base: FindingBase, schema: RlxScopeSchema, me: RlxSignedInUser | undefined): RlxValueFinding | undefined {
  const people = peopleOf(schema, me);
  const wanted = base.written.toLowerCase();
  if (people.some((person) => person.id.toLowerCase() === wanted)) return undefined;
  const matches = people.filter((person) => person.name.toLowerCase() === wanted || person.email?.toLowerCase() === wanted);
  if (matches.length === 1) {
    const [person] = matches as [{ id: string; name: string }];
    return { ...base, outcome: 'resolved', kind: 'person', resolved: { value: person.id, caption: person.name }, isMe: me !== undefined && person.id.toLowerCase() === me.id.toLowerCase() };
  }
  if (matches.length > 1) return { ...base, outcome: 'ambiguous', kind: 'person', candidates: matches.map((person) => ({ value: person.id, caption: person.name })) };
  // An id we do not know may still be a person: only text that cannot be an id is refused, and
  // only when the workspace lists its people's ids (a real service may not) to compare it with.
  if (GUID.test(base.written) || !schema.users.some((user) => user.id)) return undefined;
  const names = closest(base.written, people.map((person) => person.name));
  return { ...base, outcome: 'unknown_person', kind: 'person', suggestions: names.map((name) => people.find((person) => person.name === name)!).map((person) => ({ value: person.id, caption: person.name })) };
}

function lookupFinding(base: FindingBase, schema: RlxScopeSchema): RlxValueFinding | undefined {
  const values = schemaLookups(schema, base.field) ?? [];
  const wanted = base.written.toLowerCase();
  // The service compares strings without case (decisions.md), so "OPEN" is the value "open".
  if (values.length === 0 || values.some((value) => value.id.toLowerCase() === wanted)) return undefined;
  const matches = values.filter((value) => value.caption.toLowerCase() === wanted);
  if (matches.length === 1) return { ...base, outcome: 'resolved', kind: 'lookup', resolved: { value: matches[0]!.id, caption: matches[0]!.caption }, isMe: false };
  if (matches.length > 1) return { ...base, outcome: 'ambiguous', kind: 'lookup', candidates: matches.map((value) => ({ value: value.id, caption: value.caption })) };
  return undefined;
}

function linkFinding(base: FindingBase, schema: RlxScopeSchema): RlxValueFinding | undefined {
  if (GUID.test(base.written)) return undefined;
  const written = parseReference(base.written);
  if (!written) return undefined;
  const target = schemaField(schema, base.field)?.ed_link_target;
  // With a known target, its aliases as the service spells them (the field links to one app).
  const reference = target && target.workspace.toLowerCase() === written.workspace.toLowerCase() && target.app.toLowerCase() === written.app.toLowerCase()
    ? { workspace: target.workspace, app: target.app, number: written.number }
    : written;
  return { ...base, outcome: 'reference', kind: 'link', reference };
}
