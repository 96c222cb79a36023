// Which action of an app starts (or finishes) work: `records.work.actions`, else the user's
// earlier answer, else learned from the schema (core/work/workActions.ts); when that is unclear
// the user is asked once per app and the answer kept (global state, so every window knows it).
import * as vscode from 'vscode';
import type { AppRef } from '../../core/contract/types';
import { type WorkStep, learnWorkAction } from '../../core/work/workActions';
import type { ExtensionCatalog } from '../connections/connectionCatalog';
import { stateCategory } from '../browse/tree/model/stateStyle';
import { configuredAction } from './workSettings';

const ANSWERS_KEY = 'records.work.actionAnswers';

/** `none` when the app has no such action (or the user said so). */
export type WorkActionChoice = { alias: string } | 'none';

export async function workAction(
  step: WorkStep,
  connectionId: string,
  ref: AppRef,
  catalog: ExtensionCatalog,
  memory: vscode.Memento,
): Promise<WorkActionChoice | undefined> {
  const configured = configuredAction(ref.workspace, ref.app, step);
  if (configured !== undefined) return configured ? { alias: configured } : 'none';
  const key = `${ref.workspace}/${ref.app}:${step}`;
  const answers = memory.get<Record<string, string>>(ANSWERS_KEY, {});
  if (key in answers) return answers[key] ? { alias: answers[key] } : 'none';
  const schema = await catalog.schema(connectionId, ref);
  const learned = learnWorkAction(step, schema, stateCategory);
  if (learned.kind === 'found') return { alias: learned.alias };
  if (learned.kind === 'none') return 'none';
  const none = { label: vscode.l10n.t('No action'), detail: vscode.l10n.t('Do not change the state of {0}/{1} records', ref.workspace, ref.app), alias: '' };
  const picked = await vscode.window.showQuickPick(
    [...learned.candidates.map((c) => ({ label: c.caption || c.alias, description: c.alias, alias: c.alias })), none],
    {
      title: step === 'start' ? vscode.l10n.t('Which action starts work on {0}/{1} records?', ref.workspace, ref.app) : vscode.l10n.t('Which action finishes work on {0}/{1} records?', ref.workspace, ref.app),
      placeHolder: vscode.l10n.t('Asked once for this app; change it later in the setting "records.work.actions"'),
      ignoreFocusOut: true,
    },
  );
  if (picked === undefined) return undefined;
  await memory.update(ANSWERS_KEY, { ...answers, [key]: picked.alias });
  return picked.alias ? { alias: picked.alias } : 'none';
}
