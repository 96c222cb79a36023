// The checking of an agent's filter (filterCheck.ts) loads with the first filter, not with the
// tools or the chat participant. The extension's build turns this require into one of
// dist/filterCheck.js, shared by both bundles (see esbuild.mjs); elsewhere (the MCP server,
// tests) it is bundled or loaded as usual.
import type * as FilterCheckModule from './filterCheck';

let loaded: typeof FilterCheckModule | undefined;

export function filterCheck(): typeof FilterCheckModule {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (loaded ??= require('./filterCheck') as typeof FilterCheckModule);
}
