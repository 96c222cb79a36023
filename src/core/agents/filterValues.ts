// A filter's values made what the service compares, before it is sent: the rule of
// core/rlx/language/filterValues.ts (shared with the `.rlx` diagnostics), plus the one read it
// cannot make, a linked record's id from its reference. What was changed is reported back, so
// a model sees that `keeper_id = "Grace Hopper"` was sent as her id; what cannot be resolved
// (two people of that name, nobody of it, no such record) is refused with the candidates.
import type { AppSchema, WorkspaceUser } from '../contract/types';
import { referenceText } from '../contract/reference';
import { rlxEquals } from '../rlx/quote';
import type { RlxScopeSchema } from '../rlx/language';
import type { RlxSignedInUser } from '../rlx/language/schemaSource';
import type { RlxValueFinding } from '../rlx/language/filterValues';
import { type ToolContext, ToolInputError } from './context';
import { filterCheck } from './filterCheckOnDemand';
import type { ParsedFilter } from './rlxDiagnostics';

export interface ResolvedValue {
  field: string;
  /** As the filter had it. */
  written: string;
  /** As it was sent: a user id, a db value, a record id. */
  value: string;
  /** The name, caption or reference it stands for. */
  caption: string;
}

export interface ResolvedFilter {
  rlx: string;
  resolved: ResolvedValue[];
}

/**
 * `written` with names, captions and references replaced by ids; throws ToolInputError when one
 * cannot be. `parsed`: its tree if already parsed (checkRlxFilter's), so it is not parsed again.
 */
export async function resolveFilterValues(ctx: ToolContext, schema: AppSchema, users: readonly WorkspaceUser[], written: string, parsed?: ParsedFilter): Promise<ResolvedFilter> {
  const check = filterCheck();
  const { root, shift } = parsed?.written === written ? parsed : check.parseFilter(written);
  if (root === undefined) return { rlx: written, resolved: [] };
  const scope = valueScope(ctx, schema, users, ctx.catalog.knownUser(ctx.connectionId) ?? (await currentUserOrNone(ctx)));
  return resolveFindings(ctx, written, check.findFilterValues(root, scope, scope.me), shift);
}

/**
 * What a filter's values are resolved against: the app's fields and lookups, the workspace's
 * people and those learned from records read, and the signed-in user `me` (their name or e-mail
 * stands for them).
 */
export function valueScope(ctx: ToolContext, schema: AppSchema, users: readonly WorkspaceUser[], me: RlxSignedInUser | undefined): RlxScopeSchema {
  return new ValueScope(ctx, schema.fields ?? {}, schema.lookups ?? {}, users, me);
}

/**
 * Made on every filtered call, so a class: an object literal with a getter, made as often, took
 * about twice as long in the benchmark's calls (a literal's getter is defined by a runtime call).
 */
class ValueScope implements RlxScopeSchema {
  private everyone: readonly WorkspaceUser[] | undefined;

  constructor(
    private readonly ctx: ToolContext,
    readonly fields: RlxScopeSchema['fields'],
    readonly lookups: RlxScopeSchema['lookups'],
    private readonly listed: readonly WorkspaceUser[],
    readonly me: RlxSignedInUser | undefined,
  ) {}

  /** Made when a person field's value is read (most filters have none), not on every call. */
  get users(): readonly WorkspaceUser[] {
    return (this.everyone ??= withLearnedPeople(this.ctx, this.listed));
  }
}

/**
 * `written` with the values of `findings` (findFilterValues', offsets `shift` on from those of
 * `written`) replaced by ids; throws ToolInputError when one cannot be.
 */
export async function resolveFindings(ctx: ToolContext, written: string, findings: readonly RlxValueFinding[], shift = 0): Promise<ResolvedFilter> {
  if (findings.length === 0) return { rlx: written, resolved: [] };
  const check = filterCheck();
  const problems = findings.map(unresolvedSentence).filter((sentence): sentence is string => sentence !== undefined);
  if (problems.length > 0) throw new ToolInputError(`The RLX filter was not sent:\n${problems.join('\n')}`);
  const resolved = await Promise.all(findings.map((finding) => valueOf(ctx, finding)));
  let rlx = written;
  // From the end, so the offsets of the earlier literals still hold.
  for (let i = findings.length - 1; i >= 0; i--) {
    const finding = findings[i]!;
    const replacement = check.rlxValueReplacement(finding, resolved[i]!.value);
    if (replacement === undefined) throw new ToolInputError(`The RLX filter was not sent: ${conditionOf(finding)} stands for ${JSON.stringify(resolved[i]!.value)}, which an "in" list cannot carry. Write ${finding.field} = ${JSON.stringify(resolved[i]!.value)} instead, OR-ed with the rest.`);
    rlx = rlx.slice(0, finding.start - shift) + replacement + rlx.slice(finding.end - shift);
  }
  return { rlx, resolved };
}

/** The resolutions as a sentence of the result, e.g. `keeper_id "Grace Hopper" → 0000…0005`. */
export function describeResolved(resolved: readonly ResolvedValue[]): string | undefined {
  if (resolved.length === 0) return undefined;
  return `Resolved before sending: ${resolved.map((r) => `${r.field} ${JSON.stringify(r.written)} → ${JSON.stringify(r.value)} (${r.caption})`).join('; ')}.`;
}

/** The workspace's people, and those the catalog learned from records read (a service may list members without ids). */
function withLearnedPeople(ctx: ToolContext, users: readonly WorkspaceUser[]): WorkspaceUser[] {
  const listed = new Set(users.map((user) => user.id?.toLowerCase()));
  const learned = [...ctx.catalog.people(ctx.connectionId)].filter(([id]) => !listed.has(id.toLowerCase())).map(([id, name]) => ({ id, name, role: '' }));
  return [...users, ...learned];
}

/** The signed-in user read from the service; undefined when they cannot be (use the catalog's knownUser first: it needs no wait). */
export async function currentUserOrNone(ctx: ToolContext): Promise<RlxSignedInUser | undefined> {
  try {
    return await ctx.catalog.currentUser(ctx.connectionId, { signal: ctx.signal });
  } catch {
    // Without the signed-in user, names of the workspace's people still resolve.
    return undefined;
  }
}

async function valueOf(ctx: ToolContext, finding: RlxValueFinding): Promise<ResolvedValue> {
  const base = { field: finding.field, written: finding.written };
  if (finding.outcome === 'resolved') return { ...base, value: finding.resolved.value, caption: finding.resolved.caption };
  if (finding.outcome !== 'reference') throw new Error(`unresolved value of ${finding.field}`);
  const { workspace, app, number } = finding.reference;
  const page = await ctx.client.listRecords({ workspace, app }, { rlx: rlxEquals('number', number), listOfFields: 'id,title', limitRecords: 1 }, { signal: ctx.signal });
  const record = page.data[0];
  if (!record) throw new ToolInputError(`The RLX filter was not sent: ${finding.field} links to records, and there is no record ${referenceText(finding.reference)} (or you may not read it).`);
  return { ...base, value: record.id, caption: referenceText(finding.reference) };
}

/** The condition as the model wrote it: `keeper_id = "Grace"`, or the item of an `in` list. */
function conditionOf(finding: RlxValueFinding): string {
  return finding.inList ? `${JSON.stringify(finding.written)} in the "in" list of ${finding.field}` : `${finding.field} = ${JSON.stringify(finding.written)}`;
}

function unresolvedSentence(finding: RlxValueFinding): string | undefined {
  const list = (candidates: readonly { value: string; caption: string }[]) => candidates.map((c) => `${c.caption} (${c.value})`).join(', ');
  switch (finding.outcome) {
    case 'ambiguous':
      return `${conditionOf(finding)} names ${finding.candidates.length} ${finding.kind === 'person' ? 'people' : 'values'}: ${list(finding.candidates)}. Write the one you mean by its ${finding.kind === 'person' ? 'id' : 'db value'}.`;
    case 'unknown_person':
      return `${conditionOf(finding)}: ${finding.field} takes a user id (or @me), and no person of this workspace has that name or e-mail.${finding.suggestions.length > 0 ? ` Did you mean ${list(finding.suggestions)}?` : ' records_describe_app lists the people.'}`;
    default:
      return undefined;
  }
}
