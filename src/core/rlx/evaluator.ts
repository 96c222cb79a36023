// Turns an RLX tree into a predicate over records; the sandbox's filter engine. Everything that
// does not depend on the record (field kinds, literal keys, like-regexes, in-sets) is computed
// once here, so the predicate itself only reads values and compares keys.
//
// Semantics (decisions.md "RLX semantics"): comparisons against a missing or null value are
// false, `!=` included, as in SQL; use `= null` / `!= null` to ask for them. A list value (or any
// array) matches a comparison, `in` or `like` when one of its elements does, and matches `!=`
// when it has elements and none of them equals the literal.
import { type RlxDomain, type RlxFieldKind, datetimeDomain, domainFor, textOfRlxValue } from './domains';
import { RlxFieldError, RlxParseError, RlxValueError } from './errors';
import { collectRlxFields } from './fields';
import { isCanonicalUtc } from './instant';
import { compileLikePattern } from './likePattern';
import {
  type RlxComparisonNode,
  type RlxComparisonOperator,
  type RlxExpression,
  type RlxInNode,
  type RlxLikeNode,
  type RlxNode,
} from './nodes';
import { parseRlx } from './parser';

export { RlxFieldError, RlxParseError, RlxValueError } from './errors';
export type { RlxFieldKind } from './domains';

export type RlxRecord = Record<string, unknown>;
export type RlxPredicate = (record: RlxRecord) => boolean;

export interface CompileRlxOptions {
  /** Kind of a field; undefined when the field does not exist or cannot be read. */
  fieldKind(name: string): RlxFieldKind | undefined;
  /** Reads a field of a record; default `record[field]`. */
  getValue?(record: RlxRecord, field: string): unknown;
}

type ValueReader = (record: RlxRecord) => unknown;
type KeyTest = (value: unknown) => boolean;

function incomplete(node: RlxNode): RlxParseError {
  return new RlxParseError([
    { code: 'unexpected_token', message: 'the filter is incomplete: fix its syntax errors first', start: node.start, end: node.end },
  ]);
}

/** Applies `test` to a scalar, or to the elements of an array (any element may match). */
function anyValue(test: KeyTest): KeyTest {
  return (value) => {
    if (value === null || value === undefined) {
      return false;
    }
    if (!Array.isArray(value)) {
      return test(value);
    }
    for (const element of value) {
      if (element !== null && element !== undefined && test(element)) {
        return true;
      }
    }
    return false;
  };
}

function literalKeyOrThrow<Key extends string | number>(
  domain: RlxDomain<Key>,
  literal: string | number,
  field: string,
  range: { start: number; end: number },
): Key {
  const key = domain.literalKey(literal);
  if (key === undefined) {
    throw new RlxValueError(`${JSON.stringify(literal)} does not fit field "${field}": use ${domain.description}`, range.start, range.end);
  }
  return key;
}

function orderTest<Key extends string | number>(operator: Exclude<RlxComparisonOperator, '!='>, literal: Key, keyOf: (value: unknown) => Key | undefined): KeyTest {
  switch (operator) {
    case '=':
      return (value) => keyOf(value) === literal;
    case '>':
      return (value) => { const key = keyOf(value); return key !== undefined && key > literal; };
    case '>=':
      return (value) => { const key = keyOf(value); return key !== undefined && key >= literal; };
    case '<':
      return (value) => { const key = keyOf(value); return key !== undefined && key < literal; };
    case '<=':
      return (value) => { const key = keyOf(value); return key !== undefined && key <= literal; };
  }
}

// Instants outside years 0000-9999 have longer ISO text; they sort before or after all others.
function sortableInstantText(instant: number): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) {
    return instant < 0 ? '' : '\uffff';
  }
  const text = date.toISOString();
  return text.length === 24 ? text : text.startsWith('-') ? '' : '\uffff';
}

/**
 * Keys for date-time comparisons. Canonical UTC text of the same length as the literal's (what
 * toISOString writes) orders like the instants it names, so it is compared as text, about ten
 * times faster than decoding it; anything else is decoded.
 */
function datetimeKeyOf(literal: number): [(value: unknown) => string | number | undefined, string | number] {
  const literalText = new Date(literal).toISOString();
  if (literalText.length !== 24) {
    return [datetimeDomain.keyOf, literal];
  }
  const keyOf = (value: unknown): string | number | undefined => {
    if (typeof value === 'string' && value.length === 24 && isCanonicalUtc(value)) {
      return value;
    }
    const instant = datetimeDomain.keyOf(value);
    return instant === undefined ? undefined : sortableInstantText(instant);
  };
  return [keyOf, literalText];
}

function compileComparison(node: RlxComparisonNode, kind: RlxFieldKind, read: ValueReader): RlxPredicate {
  const literalNode = node.value;
  if (literalNode.kind !== 'String' && literalNode.kind !== 'Number') {
    throw incomplete(node);
  }
  const domain = domainFor(kind, literalNode.kind === 'Number') as RlxDomain<string | number>;
  const literalKey = literalKeyOrThrow(domain, literalNode.value, node.field.name, literalNode);
  const [keyOf, literal] = kind === 'datetime' ? datetimeKeyOf(literalKey as number) : [domain.keyOf, literalKey];
  if (node.operator === '!=') {
    const equals = (value: unknown): boolean => keyOf(value) === literal;
    return (record) => {
      const value = read(record);
      if (value === null || value === undefined) {
        return false;
      }
      if (!Array.isArray(value)) {
        const key = keyOf(value);
        return key !== undefined && key !== literal;
      }
      return value.length > 0 && !value.some(equals);
    };
  }
  const test = anyValue(orderTest(node.operator, literal, keyOf));
  return (record) => test(read(record));
}

function compileIn(node: RlxInNode, kind: RlxFieldKind, read: ValueReader): RlxPredicate {
  const { list, cast } = node;
  if (list.kind !== 'String' || typeof cast !== 'string') {
    throw incomplete(node);
  }
  const numeric = cast === 'number';
  const domain = domainFor(kind, numeric) as RlxDomain<string | number>;
  const members = new Set<string | number>();
  for (const item of list.value.split(',')) {
    const text = item.trim();
    if (numeric && (text === '' || !Number.isFinite(Number(text)))) {
      throw new RlxValueError(`"${text}" in the :number[] list of "${node.field.name}" is not a number`, list.start, list.end);
    }
    members.add(literalKeyOrThrow(domain, numeric ? Number(text) : text, node.field.name, list));
  }
  const keyOf = domain.keyOf;
  const test = anyValue((value) => {
    const key = keyOf(value);
    return key !== undefined && members.has(key);
  });
  return (record) => test(read(record));
}

function compileLike(node: RlxLikeNode, read: ValueReader): RlxPredicate {
  if (node.pattern.kind !== 'String') {
    throw incomplete(node);
  }
  const matches = compileLikePattern(node.pattern.value);
  const test = anyValue((value) => {
    const text = textOfRlxValue(value);
    return text !== undefined && matches(text);
  });
  return (record) => test(read(record));
}

function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function compileAll(predicates: RlxPredicate[]): RlxPredicate {
  if (predicates.length === 2) {
    const [first, second] = predicates;
    return (record) => first(record) && second(record);
  }
  return (record) => {
    for (const predicate of predicates) {
      if (!predicate(record)) {
        return false;
      }
    }
    return true;
  };
}

function compileAny(predicates: RlxPredicate[]): RlxPredicate {
  if (predicates.length === 2) {
    const [first, second] = predicates;
    return (record) => first(record) || second(record);
  }
  return (record) => {
    for (const predicate of predicates) {
      if (predicate(record)) {
        return true;
      }
    }
    return false;
  };
}

/**
 * A predicate for the filter `root` (no root: every record matches). Throws RlxFieldError when
 * `fieldKind` does not know some fields (all are listed), RlxValueError when a literal does not
 * fit its field, and RlxParseError when the tree still contains syntax errors.
 */
export function compileRlx(root: RlxExpression | undefined, options: CompileRlxOptions): RlxPredicate {
  if (root === undefined) {
    return () => true;
  }
  const kinds = new Map<string, RlxFieldKind>();
  const unknown: string[] = [];
  for (const name of collectRlxFields(root)) {
    const kind = options.fieldKind(name);
    if (kind === undefined) {
      unknown.push(name);
    } else {
      kinds.set(name, kind);
    }
  }
  if (unknown.length > 0) {
    throw new RlxFieldError(unknown);
  }
  const getValue = options.getValue;
  const reader = (field: string): ValueReader =>
    getValue === undefined ? (record) => record[field] : (record) => getValue(record, field);

  const compile = (node: RlxExpression): RlxPredicate => {
    switch (node.kind) {
      case 'Or':
        return compileAny(node.operands.map(compile));
      case 'And':
        return compileAll(node.operands.map(compile));
      case 'Group':
        return compile(node.expression);
      case 'Comparison':
        return compileComparison(node, kinds.get(node.field.name)!, reader(node.field.name));
      case 'In':
        return compileIn(node, kinds.get(node.field.name)!, reader(node.field.name));
      case 'Like':
        return compileLike(node, reader(node.field.name));
      case 'NullCheck': {
        const read = reader(node.field.name);
        return node.operator === '='
          ? (record) => { const value = read(record); return value === null || value === undefined; }
          : (record) => { const value = read(record); return value !== null && value !== undefined; };
      }
      case 'NotNullOrEmpty': {
        const read = reader(node.field.name);
        return (record) => !isEmptyValue(read(record));
      }
      case 'IncompleteCondition':
      case 'Missing':
      case 'Invalid':
        throw incomplete(node);
    }
  };
  return compile(root);
}

/** Parses and compiles in one step, for servers: throws RlxParseError on any syntax error. */
export function compileRlxFilter(text: string, options: CompileRlxOptions): RlxPredicate {
  const { root, errors } = parseRlx(text);
  if (errors.length > 0) {
    throw new RlxParseError(errors);
  }
  return compileRlx(root, options);
}
