// How the tree asks for one page of records. Pure, so paging, filter and sort rules are
// unit-tested; the RLX it builds goes through the core quoting helpers only.
import type { AppSchema, ListParams } from '../../../../core/contract/types';
import { parseRlx, rlxAnd, rlxEquals } from '../../../../core/rlx';
import { fileFieldNames } from '../../../../core/records/recordAttachments';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_TREE_PAGE_SIZE = 500;

export interface ListingView {
  /** The user's RLX filter; applies to the app level. */
  filter?: string;
  /** `<field> asc|desc`. */
  sortBy?: string;
}

/** Where a listing sits: the app's top level, or the children of one record. */
export type ListingScope = { kind: 'app' } | { kind: 'children'; parentId: string };

export function clampPageSize(value: unknown): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : DEFAULT_PAGE_SIZE;
  return Math.min(MAX_TREE_PAGE_SIZE, Math.max(1, n));
}

export function hasParentField(schema: AppSchema | undefined): boolean {
  return schema?.fields?.parent_id !== undefined;
}

/**
 * The filter of a listing. Children: `parent_id = "<id>"`. App level without a user filter:
 * only top-level records when the app has a parent field, so children appear once, under
 * their parent. With a user filter every matching record is listed flat, because a match
 * hidden under a non-matching parent could not be found at all.
 */
export function listingRlx(scope: ListingScope, view: ListingView, schema: AppSchema | undefined): string | undefined {
  if (scope.kind === 'children') return rlxEquals('parent_id', scope.parentId);
  const filter = view.filter?.trim();
  if (filter) return filter;
  return hasParentField(schema) ? rlxEquals('parent_id', null) : undefined;
}

/**
 * `listOfFields`: the grid fields the rows and hovers show, plus file fields, which only
 * arrive in `__link_lists` when named (contract 4.1). Without a schema: everything.
 */
export function listOfFieldsFor(schema: AppSchema | undefined): string {
  const fields = schema?.fields;
  if (!fields || Object.keys(fields).length === 0) return 'ALL';
  const names = new Set([
    'id', 'number', 'title', 'state', 'priority', 'keeper_id', 'creation_date', 'update_date',
    'created_by_account_id', 'update_account_id', 'project_alias', 'publishing_alias',
  ]);
  if (fields.parent_id) names.add('parent_id');
  for (const field of Object.values(fields)) {
    if (field.ed_in_grid) names.add(field.name);
  }
  for (const name of fileFieldNames(schema)) names.add(name);
  return [...names].filter((name) => name in fields || name === 'id').join(',');
}

export function pageParams(
  scope: ListingScope,
  view: ListingView,
  schema: AppSchema | undefined,
  page: { skip: number; size: number },
): ListParams {
  const params: ListParams = {
    limitRecords: Math.min(MAX_TREE_PAGE_SIZE, page.size),
    skipRecords: page.skip,
    listOfFields: listOfFieldsFor(schema),
  };
  const rlx = listingRlx(scope, view, schema);
  if (rlx) params.rlx = rlx;
  if (view.sortBy) params.sortBy = view.sortBy;
  return params;
}

export type FilterCheck = { ok: true; filter: string } | { ok: false; message: string };

/** Checks a filter with the shared parser before it is sent, so syntax errors never cost a request. */
export function checkFilter(text: string): FilterCheck {
  const trimmed = text.trim();
  const { errors } = parseRlx(trimmed);
  if (errors.length > 0) return { ok: false, message: errors[0].message };
  // rlxAnd re-validates; it also proves the filter can later be combined with others.
  return { ok: true, filter: rlxAnd(trimmed) };
}

/** `creation_date desc` from a field and a direction; the field name is validated. */
export function sortByText(field: string, direction: 'asc' | 'desc'): string {
  rlxEquals(field, null); // throws a sentence when the name is not a valid db field name
  return `${field} ${direction}`;
}
