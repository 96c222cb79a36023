// Errors thrown when a filter is turned into a predicate. Each carries the error code of the
// service's error body (decisions.md "Errors"), so the sandbox can answer with it directly.
import { type RlxSyntaxError } from './nodes';

/** The filter names fields that do not exist or that the user cannot read (400 unknown_field). */
export class RlxFieldError extends Error {
  readonly code = 'unknown_field';

  constructor(readonly fields: readonly string[]) {
    super(
      fields.length === 1
        ? `unknown field "${fields[0]}": use the db name of a field of this app`
        : `unknown fields ${fields.map((field) => `"${field}"`).join(', ')}: use the db names of fields of this app`,
    );
    this.name = 'RlxFieldError';
  }
}

/** The filter does not parse (400 invalid_filter); `errors` holds every problem found. */
export class RlxParseError extends Error {
  readonly code = 'invalid_filter';

  constructor(readonly errors: readonly RlxSyntaxError[]) {
    super(errors[0]?.message ?? 'invalid filter');
    this.name = 'RlxParseError';
  }
}

/** A literal does not fit its field, e.g. `"soon"` for a date field (400 invalid_filter). */
export class RlxValueError extends Error {
  readonly code = 'invalid_filter';

  constructor(message: string, readonly start: number, readonly end: number) {
    super(message);
    this.name = 'RlxValueError';
  }
}
