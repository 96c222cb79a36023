// What a block's query asks of the service, as the request's parameters: its scope folded into
// the filter where the request cannot carry it. A workspace scope (or a search, which takes no
// scope) becomes a filter on project_alias / publishing_alias, which the contract lets every
// list filter on. Used to run a block, to page its results, and to copy it as curl.
import type { DescribableCall } from '../api/client';
import type { AppRef } from '../contract/types';
import { rlxAnd, rlxEquals } from '../rlx/quote';
import type { RlxBlockQuery, RlxScope } from '../rlx/document';

function scopeFilter(scope: RlxScope, withApp: boolean): string | undefined {
  if (scope.kind === 'workspace') return rlxEquals('project_alias', scope.workspace);
  if (scope.kind === 'app' && withApp) return rlxAnd(rlxEquals('project_alias', scope.ref.workspace), rlxEquals('publishing_alias', scope.ref.app));
  return undefined;
}

/** The app a request addresses in its path, when the scope is one app. */
export function scopeRef(scope: RlxScope): AppRef | undefined {
  return scope.kind === 'app' ? scope.ref : undefined;
}

/** The block's filter with its scope as RLX where the request cannot carry the scope itself. */
export function withScope(scope: RlxScope, rlx: string | undefined, withApp: boolean): string | undefined {
  const combined = rlxAnd(scopeFilter(scope, withApp), rlx);
  return combined === '' ? undefined : combined;
}

/** The (first) request a block's query sends. */
export function blockCallOf(query: RlxBlockQuery): DescribableCall {
  switch (query.kind) {
    case 'list': {
      const rlx = withScope(query.scope, query.params.rlx, false);
      return { kind: 'list', scope: scopeRef(query.scope), params: { ...query.params, ...(rlx === undefined ? {} : { rlx }) } };
    }
    case 'pivot': {
      const rlx = withScope(query.scope, query.params.rlx, false);
      return { kind: 'aggregate', scope: scopeRef(query.scope), params: { ...query.params, ...(rlx === undefined ? {} : { rlx }) } };
    }
    case 'search': {
      const rlx = withScope(query.scope, query.params.rlx, true);
      return { kind: 'search', params: { ...query.params, ...(rlx === undefined ? {} : { rlx }) } };
    }
  }
}
