// Temporal's calendar and time zones, from its polyfill's tree-shakeable functions: no global is
// patched, and a bundle carries only the functions it calls. The package is ESM-only: tsconfig's
// `"module": "Node20"` lets this CommonJS-typed code import it (Node ≥ 20.19, which runs the
// tests, requires ES modules; esbuild bundles it).
export * as Instant from 'temporal-polyfill/fns/Instant';
export * as PlainDate from 'temporal-polyfill/fns/PlainDate';
export * as PlainDateTime from 'temporal-polyfill/fns/PlainDateTime';
export * as ZonedDateTime from 'temporal-polyfill/fns/ZonedDateTime';
export type { Record as PlainDateRecord } from 'temporal-polyfill/fns/PlainDate';
