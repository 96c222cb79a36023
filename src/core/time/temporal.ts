// Temporal's calendar and time zones, from its polyfill's tree-shakeable functions: no global is
// patched. Only the functions the extension calls are named here, so dist/temporal.js (shared by
// the bundles through temporalOnDemand.ts) and the webviews carry those alone. The package is
// ESM-only: tsconfig's `"module": "Node20"` lets this CommonJS-typed code import it (Node ≥ 20.19,
// which runs the tests, requires ES modules; esbuild bundles it).
import { fromEpochMilliseconds, toZonedDateTimeISO } from 'temporal-polyfill/fns/Instant';
import { addDays, addMonths, addWeeks, addYears, startOfMonth, startOfWeek, startOfYear, toZonedDateTime as plainDateToZoned } from 'temporal-polyfill/fns/PlainDate';
import { create, toString, toZonedDateTime as plainDateTimeToZoned } from 'temporal-polyfill/fns/PlainDateTime';
import { toPlainDate, toPlainDateTime } from 'temporal-polyfill/fns/ZonedDateTime';

export type { Record as PlainDateRecord } from 'temporal-polyfill/fns/PlainDate';

export const Instant = { fromEpochMilliseconds, toZonedDateTimeISO };
export const PlainDate = { addDays, addWeeks, addMonths, addYears, startOfWeek, startOfMonth, startOfYear, toZonedDateTime: plainDateToZoned };
export const PlainDateTime = { create, toString, toZonedDateTime: plainDateTimeToZoned };
export const ZonedDateTime = { toPlainDate, toPlainDateTime };
