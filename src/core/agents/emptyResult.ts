// Why a filter matched nothing: each top-level AND condition is dropped in turn and the rest is
// counted (at most three extra count requests), so "0 records" comes with the condition that
// emptied the result instead of passing as an answer.
import type { AppRef } from '../contract/types';
import type { RlxExpression } from '../rlx/nodes';
import type { ToolContext } from './context';
import { filterCheck } from './filterCheckOnDemand';

/** Extra count requests an empty result may cost. */
export const MAX_EMPTY_PROBES = 3;

/** A sentence saying which condition of `rlx` (as sent) emptied the result, or undefined when there is nothing to say. */
/**
 * The same explanation for every surface (the tools, `@records /query`); `valuesHint` says where
 * that surface's reader finds the values a field takes.
 */
export async function explainEmpty(ctx: ToolContext, ref: AppRef, rlx: string | undefined, appTotal: number, valuesHint = 'records_describe_app lists lookup values and people'): Promise<string | undefined> {
  if (rlx === undefined || rlx.trim() === '') return appTotal === 0 ? `${ref.workspace}/${ref.app} has no records you can read.` : undefined;
  const conditions = topLevelConditions(rlx);
  if (conditions.length < 2) {
    return `${ref.workspace}/${ref.app} has ${appTotal} record${appTotal === 1 ? '' : 's'}, and none has ${rlx.trim()}. Check the value (${valuesHint}).`;
  }
  const probes = conditions.slice(0, MAX_EMPTY_PROBES).map(async (condition) => {
    const rest = conditions.filter((other) => other !== condition).map((other) => `(${other})`).join(' AND ');
    const { filtered } = await ctx.client.countRecords(ref, rest, { signal: ctx.signal });
    return { condition, without: filtered };
  });
  const counted = await Promise.all(probes);
  const culprits = counted.filter((probe) => probe.without > 0);
  const lines = counted.map((probe) => `without ${probe.condition}: ${probe.without}`);
  const unchecked = conditions.length - counted.length;
  const head = culprits.length === 0
    ? 'No single condition emptied it: several exclude each other.'
    : `It is ${culprits.map((probe) => probe.condition).join(' or ')} that leaves nothing: dropping ${culprits.length === 1 ? 'it' : 'one of them'} gives ${culprits.map((probe) => probe.without).join(' / ')} record${culprits.length === 1 && culprits[0]!.without === 1 ? '' : 's'}.`;
  return `${head} Counts (${lines.join('; ')}${unchecked > 0 ? `; ${unchecked} more condition${unchecked === 1 ? '' : 's'} not checked` : ''}).`;
}

/** The operands of a top-level AND, as their source text; one item when the filter is not an AND. */
export function topLevelConditions(rlx: string): string[] {
  let root: RlxExpression | undefined = filterCheck().parseRlx(rlx).root;
  while (root?.kind === 'Group') root = root.expression;
  if (root === undefined) return [];
  if (root.kind !== 'And') return [rlx.slice(root.start, root.end).trim()];
  return root.operands.map((operand) => rlx.slice(operand.start, operand.end).trim());
}
