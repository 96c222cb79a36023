import type { AppSchema } from '../../../../core/contract/types';

export interface ActionChoice {
  alias: string;
  caption: string;
}

/** Edit, add and delete have their own commands; Run Action offers the app-defined ones. */
const GENERIC = new Set(['add', 'edit', 'delete']);

/** The record's available actions with captions from the schema, in the record's order. */
export function actionChoices(transitions: readonly string[], schema: AppSchema | undefined): ActionChoice[] {
  const captions = new Map((schema?.transitions ?? []).map((t) => [t.alias, t.caption]));
  return transitions
    .filter((alias) => !GENERIC.has(alias))
    .map((alias) => ({ alias, caption: captions.get(alias) || alias }));
}
