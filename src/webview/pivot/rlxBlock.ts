// The `.rlx` text equivalent to a pivot, for "Open as RLX":
//   @app WS/APP
//   ### title
//   @pivot dims
//   @stats field
//   filter
import { dimensionKey } from './dimensions';
import type { PivotConfig, PivotTarget } from './protocol';

function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').trim();
}

export function pivotRlxBlock(target: PivotTarget, title: string, config: PivotConfig): string {
  const lines = [`@app ${target.workspace}/${target.app}`, `### ${oneLine(title) || 'Pivot'}`, `@pivot ${config.dimensions.map(dimensionKey).join(',')}`];
  if (config.statsField) lines.push(`@stats ${config.statsField}`);
  // The filter's own line breaks could start a line with `###` or `@` inside a quoted value.
  const filter = oneLine(config.rlx ?? '');
  if (filter !== '') lines.push(filter);
  return `${lines.join('\n')}\n`;
}
