// `@connection "Name"`: the connection a `.rlx` file runs against, written in the file itself,
// and the one rule every feature uses to decide which connection a query document runs against
// (text editor, CodeLens, status bar, notebooks, saved queries): the file's `@connection`, else
// the binding kept for the file, else (for a file never bound) the active connection. A named or
// bound connection that is missing or signed out is reported, never replaced by another one.
import type { RlxDirective } from './directives';
import type { RlxDocument } from './rlxDocument';

/** The file-level `@connection` directive (the last one wins) and the name it gives. */
export interface RlxConnectionDirective {
  name: string;
  directive: RlxDirective;
}

export function connectionDirectiveOf(document: Pick<RlxDocument, 'fileDirectives'>): RlxConnectionDirective | undefined {
  const directive = [...document.fileDirectives].reverse().find((candidate) => candidate.name === 'connection');
  return directive === undefined ? undefined : { name: parseConnectionName(directive.value), directive };
}

/** `"Staging \"EU\""` → `Staging "EU"`; an unquoted value is taken as written. */
export function parseConnectionName(value: string): string {
  const text = value.trim();
  if (!text.startsWith('"')) return text;
  let name = '';
  for (let index = 1; index < text.length; index++) {
    const char = text[index] as string;
    if (char === '\\' && index + 1 < text.length) name += text[++index];
    else if (char === '"') break;
    else name += char;
  }
  return name;
}

/** The directive's value for a connection name: always quoted, so spaces and quotes survive. */
export function quoteConnectionName(name: string): string {
  return `"${name.replace(/["\\]/g, (char) => `\\${char}`)}"`;
}

/** A connection as the rule sees it. */
export interface RlxConnectionCandidate {
  id: string;
  name: string;
  /** False when the connection has no credentials (signed out): it is reported, not replaced. */
  signedIn: boolean;
}

export type RlxConnectionResolution =
  /** Run against `connection`; `source` says why it is this one. */
  | { kind: 'ready'; source: 'directive' | 'binding' | 'active'; connection: RlxConnectionCandidate }
  /** The chosen connection exists but is signed out: sign in, never fall back. */
  | { kind: 'signedOut'; source: 'directive' | 'binding' | 'active'; connection: RlxConnectionCandidate }
  /** `@connection` names no connection of this editor. */
  | { kind: 'unknownName'; name: string }
  /** The file was bound to a connection that was since removed: choose again. */
  | { kind: 'bindingRemoved'; connectionId: string }
  /** No connection at all. */
  | { kind: 'none' };

export interface RlxConnectionFacts {
  /** The name in the file's `@connection`, if any. */
  directiveName?: string;
  /** The connection kept for this file (when it has no `@connection`). */
  boundId?: string;
  activeId?: string;
  connections: readonly RlxConnectionCandidate[];
}

/** Which connection a query document runs against: see the comment at the top of this file. */
export function resolveRlxConnection(facts: RlxConnectionFacts): RlxConnectionResolution {
  const outcome = (source: 'directive' | 'binding' | 'active', connection: RlxConnectionCandidate): RlxConnectionResolution =>
    connection.signedIn ? { kind: 'ready', source, connection } : { kind: 'signedOut', source, connection };
  if (facts.directiveName !== undefined) {
    const wanted = facts.directiveName;
    const connection = facts.connections.find((c) => c.name === wanted) ?? uniqueCaseless(facts.connections, wanted);
    return connection === undefined ? { kind: 'unknownName', name: wanted } : outcome('directive', connection);
  }
  if (facts.boundId !== undefined) {
    const connection = facts.connections.find((c) => c.id === facts.boundId);
    return connection === undefined ? { kind: 'bindingRemoved', connectionId: facts.boundId } : outcome('binding', connection);
  }
  const active = facts.connections.find((c) => c.id === facts.activeId);
  return active === undefined ? { kind: 'none' } : outcome('active', active);
}

/** "production" finds "Production" when no other name differs only by case. */
function uniqueCaseless(connections: readonly RlxConnectionCandidate[], name: string): RlxConnectionCandidate | undefined {
  const matches = connections.filter((c) => c.name.toLowerCase() === name.toLowerCase());
  return matches.length === 1 ? matches[0] : undefined;
}
