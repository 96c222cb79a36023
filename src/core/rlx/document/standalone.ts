// One block of a `.rlx` file as a file of its own: the directives it inherits from the file's
// header written out, its connection named, so it runs the same when saved as a query, kept in
// the run history, or opened again as `.rlx` later.
import { quoteConnectionName } from './connectionDirective';
import type { RlxBlock, RlxDocument } from './rlxDocument';

const CONNECTION_LINE = /^[ \t]*@connection\b.*$/;

export function standaloneBlockText(document: RlxDocument, block: RlxBlock, connectionName?: string): string {
  const header: string[] = [];
  if (connectionName !== undefined && connectionName !== '') header.push(`@connection ${quoteConnectionName(connectionName)}`);
  // A file without `###` has one block that owns the header's directives: nothing to copy then.
  const headerOwnedByBlock = document.blocks[0]?.directives === document.fileDirectives;
  if (!headerOwnedByBlock) {
    for (const directive of document.fileDirectives) {
      if (directive.name === 'connection' || block.directives.some((own) => own.name === directive.name)) continue;
      header.push(`@${directive.name} ${directive.value}`.trimEnd());
    }
  }
  const body = document.text
    .slice(block.start, block.end)
    .split(/\r?\n/)
    .filter((line) => !CONNECTION_LINE.test(line))
    .join('\n')
    .trim();
  const titled = block.title === undefined ? `### ${firstWords(body)}\n${body}` : body;
  return `${header.length > 0 ? `${header.join('\n')}\n` : ''}${titled}\n`;
}

/** A title for a block that has none: its filter's first words. */
function firstWords(body: string): string {
  const line = body.split('\n').find((candidate) => candidate.trim() !== '' && !/^\s*(@|\/\/)/.test(candidate))?.trim() ?? 'Query';
  return line.length > 60 ? `${line.slice(0, 57)}…` : line;
}
