// 100,000 records of four states, amounts, dates and keepers, and a compound filter over them:
// the evaluator's unit test checks what the filter matches, bench/rlx-hostile.ts how fast.

export const COMPOUND_FILTER =
  'state in "open,waiting":string[] AND total >= 500 AND creation_date >= "2025-03-01" AND (keeper_id != null OR title like "record 1%")';

// A type, not an interface: the compiled filter takes records as plain string-keyed objects.
export type FixtureRecord = {
  state: string;
  total: number;
  title: string;
  creation_date: string;
  keeper_id: string | null;
};

export function fixtureRecords(count = 100_000): FixtureRecord[] {
  const states = ['open', 'closed', 'in_progress', 'waiting'];
  return Array.from({ length: count }, (_, index) => ({
    state: states[index % 4]!,
    total: index % 1000,
    title: `Record ${index}`,
    creation_date: new Date(Date.UTC(2025, 0, 1) + index * 600_000).toISOString(),
    keeper_id: index % 3 === 0 ? null : `user-${index % 7}`,
  }));
}
