// Which file field the files go to, and whether replacing a single file is all right.
import * as vscode from 'vscode';
import type { Attachment } from '../../../core/contract/types';
import type { FileField } from './fileFields';

/**
 * The field `requested` names, the only field there is, or the one picked from a quick pick.
 * Fields that hold one file are not offered for several files. Undefined when cancelled or impossible (said why).
 */
export async function chooseFileField(fields: readonly FileField[], fileCount: number, where: string, requested?: string): Promise<FileField | undefined> {
  if (requested !== undefined) {
    const found = fields.find((f) => f.name === requested);
    if (!found) void vscode.window.showErrorMessage(vscode.l10n.t('{0} has no file field "{1}". Pick one of: {2}.', where, requested, fields.map((f) => f.name).join(', ')));
    return found && fitsFiles(found, fileCount) ? found : undefined;
  }
  const usable = fields.filter((f) => !f.single || fileCount === 1);
  if (usable.length === 0) {
    void vscode.window.showErrorMessage(vscode.l10n.t('{0} has no field that holds several files. Attach one file at a time.', where));
    return undefined;
  }
  if (usable.length === 1) return usable[0];
  const picked = await vscode.window.showQuickPick(
    usable.map((field) => ({
      label: field.caption,
      description: field.name,
      detail: field.single ? vscode.l10n.t('Holds one file: replaces the current one') : vscode.l10n.t('A list of files: the files already there are kept'),
      field,
    })),
    { title: vscode.l10n.t('Attach to {0}', where), placeHolder: vscode.l10n.t('Which field should hold the files?') },
  );
  return picked?.field;
}

function fitsFiles(field: FileField, fileCount: number): boolean {
  if (!field.single || fileCount <= 1) return true;
  void vscode.window.showErrorMessage(vscode.l10n.t('"{0}" holds a single file. Pick one file to attach to it.', field.caption));
  return false;
}

/** A single-file field that already holds a file: ask (unless `answer` is given) before replacing it. */
export async function confirmReplace(field: FileField, current: readonly Attachment[], reference: string, answer?: boolean): Promise<boolean> {
  if (!field.single || current.length === 0) return true;
  if (answer !== undefined) return answer;
  const replace = vscode.l10n.t('Replace');
  const names = current.map((a) => `"${a.title ?? a.file_uid}"`).join(', ');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('Replace {0} in "{1}" of {2}?', names, field.caption, reference),
    { modal: true, detail: vscode.l10n.t('"{0}" holds one file. The new file takes its place; the old one stays in the record\'s history.', field.caption) },
    replace,
  );
  return choice === replace;
}
