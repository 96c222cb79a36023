// jose is ESM-only and this code compiles to CommonJS, so it is loaded with a dynamic import
// (Node ≥ 20.19 and esbuild both resolve it); callers are async anyway.
import type * as JoseModule from 'jose' with { 'resolution-mode': 'import' };

export type Jose = typeof JoseModule;

let loading: Promise<Jose> | undefined;

export function loadJose(): Promise<Jose> {
  loading ??= import('jose');
  return loading;
}
