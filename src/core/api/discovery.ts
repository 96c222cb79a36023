// The contract has no "list workspaces" endpoint (decisions.md "Discovering workspaces and
// apps"): a global aggregation finds workspace/app pairs with records, then each workspace's
// metadata adds titles, apps without records, and members. Pinned aliases cover workspaces
// that have no records yet.
import { RecordsApiError } from './errors';
import { type AggregationResult, type Workspace, type WorkspaceUser } from '../contract/types';

export interface DiscoveredApp {
  alias: string;
  caption: string;
  position: number;
  /** Records the user can read in the app (0 for apps only seen in the workspace's tabs). */
  count: number;
}

export interface DiscoveredWorkspace {
  alias: string;
  title: string;
  apps: DiscoveredApp[];
  users: WorkspaceUser[];
}

export interface DiscoverySources {
  aggregateAll: () => Promise<AggregationResult>;
  getWorkspace: (alias: string) => Promise<Workspace>;
}

export const DISCOVERY_DIMENSIONS = 'project_alias,publishing_alias';

export async function discoverWorkspaces(
  sources: DiscoverySources,
  pinned: readonly string[] = [],
): Promise<DiscoveredWorkspace[]> {
  const counts = countsByWorkspace(await sources.aggregateAll());
  const aliases = new Set<string>(counts.keys());
  for (const alias of pinned) if (alias.trim()) aliases.add(alias.trim());
  // The workspaces are read side by side: over a real network, one round trip instead of one each.
  const read = await Promise.all([...aliases].map(async (alias) => ({ alias, workspace: await readWorkspaceOrSkip(sources, alias) })));
  const discovered: DiscoveredWorkspace[] = [];
  for (const { alias, workspace } of read) {
    if (workspace) discovered.push(describeWorkspace(alias, workspace, counts.get(alias) ?? new Map()));
  }
  return discovered.sort((a, b) => a.title.localeCompare(b.title) || a.alias.localeCompare(b.alias));
}

function countsByWorkspace(result: AggregationResult): Map<string, Map<string, number>> {
  const counts = new Map<string, Map<string, number>>();
  for (const row of result.data) {
    const workspace = row.project_alias;
    const app = row.publishing_alias;
    if (typeof workspace !== 'string' || !workspace || typeof app !== 'string' || !app) continue;
    const apps = counts.get(workspace) ?? new Map<string, number>();
    apps.set(app, (apps.get(app) ?? 0) + row._count);
    counts.set(workspace, apps);
  }
  return counts;
}

/** `{}` (no access), 403 and 404 (e.g. a stale pinned alias) leave the workspace out. */
async function readWorkspaceOrSkip(sources: DiscoverySources, alias: string): Promise<Workspace | undefined> {
  try {
    const workspace = await sources.getWorkspace(alias);
    return Object.keys(workspace).length === 0 ? undefined : workspace;
  } catch (error) {
    if (error instanceof RecordsApiError && (error.status === 403 || error.status === 404)) return undefined;
    throw error;
  }
}

function describeWorkspace(alias: string, workspace: Workspace, appCounts: Map<string, number>): DiscoveredWorkspace {
  const tabs = Array.isArray(workspace.tabs) ? workspace.tabs : [];
  const apps: DiscoveredApp[] = [];
  const listed = new Set<string>();
  for (const tab of tabs) {
    if (typeof tab?.process_alias !== 'string' || listed.has(tab.process_alias)) continue;
    listed.add(tab.process_alias);
    apps.push({
      alias: tab.process_alias,
      caption: typeof tab.resolved_caption === 'string' && tab.resolved_caption ? tab.resolved_caption : tab.process_alias,
      position: typeof tab.position === 'number' ? tab.position : apps.length,
      count: appCounts.get(tab.process_alias) ?? 0,
    });
  }
  // Records can live in an app the tabs do not list (e.g. a hidden tab): still show it.
  const lastPosition = apps.reduce((max, app) => Math.max(max, app.position), -1);
  let extra = 0;
  for (const [app, count] of appCounts) {
    if (!listed.has(app)) apps.push({ alias: app, caption: app, position: lastPosition + ++extra, count });
  }
  apps.sort((a, b) => a.position - b.position || a.alias.localeCompare(b.alias));
  return {
    alias,
    title: typeof workspace.title === 'string' && workspace.title ? workspace.title : alias,
    apps,
    users: Array.isArray(workspace.workspace_users) ? workspace.workspace_users : [],
  };
}
