// The files in a drop. From VS Code's explorer (and from the OS on desktop) a drop carries
// `text/uri-list`; from the OS in a browser-hosted editor it carries file contents only, which
// are copied to a temporary folder so they can be uploaded like any other file.
import { mkdir, mkdtemp, readdir, realpath, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative } from 'node:path';
import * as vscode from 'vscode';
import type { FilesHost } from './filesHost';
import { safeFileName } from '../../shared/safeFileName';

/** Local paths of everything dropped; empty when the drop held no files. */
export async function droppedFilePaths(host: FilesHost, data: vscode.DataTransfer): Promise<string[]> {
  const listed = await data.get('text/uri-list')?.asString();
  const fromList = listed ? await pathsOfUriList(host, listed) : [];
  if (fromList.length > 0) return fromList;
  const files: vscode.DataTransferFile[] = [];
  data.forEach((item) => {
    const file = item.asFile();
    if (file) files.push(file);
  });
  const paths: string[] = [];
  for (const file of files) {
    if (file.uri) paths.push(...(await pathsOfUris(host, [file.uri])));
    else paths.push(await copyToTemp(host, file.name, await file.data()));
  }
  return paths;
}

/** `text/uri-list` (RFC 2483): one URI a line, `#` lines are comments. */
export function parseUriList(text: string): vscode.Uri[] {
  return text.split(/\r?\n/).map((line) => line.trim()).filter((line) => line && !line.startsWith('#')).flatMap((line) => {
    try {
      return [vscode.Uri.parse(line, true)];
    } catch {
      return [];
    }
  });
}

export async function pathsOfUriList(host: FilesHost, text: string): Promise<string[]> {
  return pathsOfUris(host, parseUriList(text));
}

/**
 * `file:` URIs are local paths. A browser-hosted editor hands over `vscode-remote:` URIs of
 * files that live where this extension host runs: their path is local too. Anything else is
 * read through VS Code's file system and copied.
 */
export async function pathsOfUris(host: FilesHost, uris: readonly vscode.Uri[]): Promise<string[]> {
  const paths: string[] = [];
  for (const uri of uris) {
    if (uri.scheme === 'file') paths.push(uri.fsPath);
    else if (uri.scheme === 'vscode-remote' && (await exists(uri.path))) paths.push(uri.path);
    else paths.push(await copyToTemp(host, uri.path.split('/').pop() ?? 'file', await vscode.workspace.fs.readFile(uri)));
  }
  return paths;
}

/**
 * Which of the dropped URIs name something outside the open workspace folders: their full real
 * paths (links resolved, so a workspace link to ~/.ssh is outside), or the URI itself for
 * anything that is not a local file. Reads nothing but the paths.
 */
export async function localFilesOutsideWorkspace(uris: readonly string[]): Promise<string[]> {
  const roots = await Promise.all((vscode.workspace.workspaceFolders ?? [])
    .filter((folder) => folder.uri.scheme === 'file')
    .map((folder) => realpath(folder.uri.fsPath).catch(() => folder.uri.fsPath)));
  const outside: string[] = [];
  for (const text of uris) {
    let uri: vscode.Uri;
    try {
      uri = vscode.Uri.parse(text, true);
    } catch {
      outside.push(text);
      continue;
    }
    const local = uri.scheme === 'file' ? uri.fsPath : uri.scheme === 'vscode-remote' ? uri.path : undefined;
    if (local === undefined) {
      outside.push(uri.toString(true));
      continue;
    }
    const real = await realpath(local).catch(() => local);
    if (!roots.some((root) => isInside(root, real))) outside.push(real);
  }
  return outside;
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
}

/** Copies of dropped contents older than this are removed at start unless an unfinished upload needs them. */
const COPY_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function copiesRoot(host: FilesHost): string {
  return join(host.storageUri.fsPath, 'dropped');
}

export async function copyToTemp(host: FilesHost, name: string, bytes: Uint8Array): Promise<string> {
  const root = copiesRoot(host);
  await mkdir(root, { recursive: true });
  const folder = await mkdtemp(join(root, 'drop-'));
  const path = join(folder, safeFileName(name, 'file'));
  await writeFile(path, bytes);
  return path;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

/** Removes the temporary copies among `paths` (once their upload is attached or has failed for good). */
export async function discardCopies(host: FilesHost, paths: readonly string[]): Promise<void> {
  const root = copiesRoot(host);
  for (const path of paths) {
    if (dirname(dirname(path)) === root) await rm(dirname(path), { recursive: true, force: true });
  }
}

/** Removes old copies no unfinished upload refers to (a cancelled drop's copy is kept for its resume). */
export async function sweepCopies(host: FilesHost, stillNeeded: readonly string[]): Promise<void> {
  const root = copiesRoot(host);
  const needed = new Set(stillNeeded.map((p) => dirname(p)));
  const folders = await readdir(root).catch(() => [] as string[]);
  for (const name of folders) {
    const folder = join(root, name);
    const info = await stat(folder).catch(() => undefined);
    if (info && !needed.has(folder) && Date.now() - info.mtimeMs > COPY_MAX_AGE_MS) await rm(folder, { recursive: true, force: true });
  }
}
