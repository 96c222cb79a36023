// The RLX that narrows a search to a workspace and app, plus the user's own filter.
import { rlxAnd, rlxEquals } from '../../../core/rlx';
import type { SearchScope } from '../../../webview/search/protocol';

export function scopeRlx(scope: SearchScope): string | undefined {
  const filter = rlxAnd(
    scope.workspace ? rlxEquals('project_alias', scope.workspace) : undefined,
    scope.workspace && scope.app ? rlxEquals('publishing_alias', scope.app) : undefined,
    scope.rlx?.trim() ? scope.rlx.trim() : undefined,
  );
  return filter === '' ? undefined : filter;
}
