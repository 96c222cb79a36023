// The walkthrough's sample query ("Records: Open a Sample Query"): the records assigned to the
// signed-in user, latest changes first, on the connection it names; a filter that means something
// on any service (`keeper_id` and `@me` are the contract's), rather than a list of every app.
import { quoteConnectionName } from './connectionDirective';

export const SAMPLE_QUERY_FILTER = 'keeper_id = @me';

/** The text of the sample query; `title` is its first line (it names the untitled tab). */
export function sampleQueryText(title: string, connectionName?: string): string {
  const connection = connectionName === undefined ? '' : `@connection ${quoteConnectionName(connectionName)}\n`;
  return `### ${title}\n${connection}@sort update_date desc\n@limit 100\n${SAMPLE_QUERY_FILTER}\n`;
}
