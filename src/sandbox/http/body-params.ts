// Turns parsed JSON bodies into the typed parameters of the domain. Only shapes are checked
// here (a number where a number belongs); meaning (fields, filters) is the domain's job.
import type { AggregationParams, HistoryParams, ListParams, SearchParams } from '../../core/contract/types';
import { HttpError } from './errors';

type JsonObject = Record<string, unknown>;

export function expectObject(body: unknown, what: string): JsonObject {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'invalid_request', `The body of ${what} must be a JSON object.`);
  }
  return body as JsonObject;
}

function optional<T>(body: JsonObject, key: string, type: 'string' | 'number' | 'boolean'): T | undefined {
  const value = body[key];
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value !== type || (type === 'number' && !Number.isFinite(value))) {
    throw new HttpError(400, 'invalid_request', `"${key}" must be a ${type}.`);
  }
  return value as T;
}

function optionalCount(body: JsonObject, key: string): number | undefined {
  const value = optional<number>(body, key, 'number');
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
    throw new HttpError(400, 'invalid_request', `"${key}" must be a whole number of 0 or more.`);
  }
  return value;
}

/** Copies only defined values so the domain sees no `undefined` keys. */
function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function isAggregationRequest(body: JsonObject): boolean {
  return body.aggs4Pivot === true;
}

export function toListParams(body: JsonObject): ListParams {
  return compact({
    limitRecords: optionalCount(body, 'limitRecords'),
    skipRecords: optionalCount(body, 'skipRecords'),
    sortBy: optional<string>(body, 'sortBy', 'string'),
    rlx: optional<string>(body, 'rlx', 'string'),
    listOfFields: optional<string>(body, 'listOfFields', 'string'),
    loadRichTexts: optional<boolean>(body, 'loadRichTexts', 'boolean'),
    expandRecord: optional<boolean>(body, 'expandRecord', 'boolean'),
    skipAncestors: optional<boolean>(body, 'skipAncestors', 'boolean'),
  });
}

export function toAggregationParams(body: JsonObject): AggregationParams {
  const dimensions = optional<string>(body, 'dimensions4Pivot', 'string');
  if (dimensions === undefined || dimensions.trim() === '') {
    throw new HttpError(400, 'invalid_request', '"dimensions4Pivot" is required with "aggs4Pivot": name the fields to group by, e.g. "state".');
  }
  return compact({
    dimensions4Pivot: dimensions,
    statsFields: optional<string>(body, 'statsFields', 'string'),
    rlx: optional<string>(body, 'rlx', 'string'),
  });
}

export function toSearchParams(body: JsonObject): SearchParams {
  const ss = optional<string>(body, 'ss', 'string');
  if (ss === undefined) {
    throw new HttpError(400, 'invalid_request', '"ss" is required: give the words to search for.');
  }
  return compact({
    ss,
    limitRecords: optionalCount(body, 'limitRecords'),
    skipRecords: optionalCount(body, 'skipRecords'),
    rlx: optional<string>(body, 'rlx', 'string'),
  });
}

export function toHistoryParams(body: JsonObject): HistoryParams {
  return compact({
    limitRecords: optionalCount(body, 'limitRecords'),
    sortby: optional<string>(body, 'sortby', 'string'),
    rlx: optional<string>(body, 'rlx', 'string'),
  });
}
