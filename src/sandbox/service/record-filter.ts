import { compileRlx, parseRlx, RlxFieldError, type RlxFieldKind } from '../../core/rlx';
import { SandboxError } from './contract';
import { unknownField } from './errors';

/**
 * Longest filter the sandbox reads. Real filters are far shorter (an `in` list of 300 ids is about
 * 12,000 characters); the cap keeps a megabyte of text from holding the single request thread.
 */
export const MAX_FILTER_LENGTH = 65_536;

/**
 * Compiles an RLX filter with the shared core parser and evaluator, turning their errors into
 * the sandbox's 400 answers. An empty filter matches everything.
 */
export function compileFilter<T>(
  rlx: string | undefined,
  fieldKind: (name: string) => RlxFieldKind | undefined,
  getValue: (item: T, field: string) => unknown,
): (item: T) => boolean {
  if (rlx === undefined || rlx === null) return () => true;
  if (typeof rlx !== 'string') throw new SandboxError(400, 'invalid_filter', 'The rlx filter must be a string.');
  if (rlx.length > MAX_FILTER_LENGTH) {
    throw new SandboxError(400, 'invalid_filter', `The rlx filter is ${rlx.length.toLocaleString('en-US')} characters long; the limit is ${MAX_FILTER_LENGTH.toLocaleString('en-US')}. Split it into several requests, for example one per group of "in" values.`);
  }
  if (rlx.trim() === '') return () => true;
  const { root, errors } = parseRlx(rlx);
  if (errors.length || !root) {
    // Every problem goes into the answer (the parser stops at 100 and a 101st saying so), so a
    // client can show them all; the message is the first.
    const problems = errors.map((error) => error.message);
    throw new SandboxError(400, 'invalid_filter', problems[0] ?? 'The rlx filter is empty.', undefined, problems.length ? problems : undefined);
  }
  try {
    const predicate = compileRlx(root, { fieldKind, getValue: (record, field) => getValue(record as T, field) });
    return (item: T) => predicate(item as Record<string, unknown>);
  } catch (err) {
    if (err instanceof RlxFieldError) {
      throw err.fields.length === 1 ? unknownField(err.fields[0]) : new SandboxError(400, 'unknown_field', `${err.message}. Check the db names in the app schema.`);
    }
    if (err instanceof Error) throw new SandboxError(400, 'invalid_filter', err.message);
    throw err;
  }
}
