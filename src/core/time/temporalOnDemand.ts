// Temporal's polyfill (time zones and calendars; 25 KB of what we call) loads with the first date
// that needs it, not with every bundle that may need it. The extension's build turns this require into
// one of dist/temporal.js, a single copy shared by every bundle (see esbuild.mjs); elsewhere (the
// MCP server, webviews, tests) it is bundled or loaded as usual.
import type * as TemporalModule from './temporal';

let loaded: typeof TemporalModule | undefined;

export function temporal(): typeof TemporalModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('./temporal') as typeof TemporalModule);
}
