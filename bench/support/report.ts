// What a benchmark reports: figures, each with its goal, printed as lines for people and, last,
// as one JSON line {"benchReport": …} that bench/all.ts reads into its table.
// `--smoke` (CI): one iteration on small data to prove the benchmark still runs to its end;
// its figures carry no verdict, since they measure nothing worth judging.

export const SMOKE = process.argv.includes('--smoke');

/** `--name value` from the command line, or the fallback. */
export function option(name: string, fallback: string): string;
export function option(name: string, fallback?: string): string | undefined;
export function option(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

export function numberOption(name: string, fallback: number): number {
  const value = Number(option(name, String(fallback)));
  if (!Number.isFinite(value)) throw new Error(`--${name} needs a number`);
  return value;
}

export type GoalOp = '<' | '<=' | '>=' | '>';

export interface Goal {
  op: GoalOp;
  value: number;
}

export interface Figure {
  name: string;
  value: number;
  unit: string;
  goal?: Goal;
}

export type Verdict = 'ok' | 'MISSED' | '';

export function meets(value: number, goal: Goal): boolean {
  switch (goal.op) {
    case '<': return value < goal.value;
    case '<=': return value <= goal.value;
    case '>=': return value >= goal.value;
    case '>': return value > goal.value;
  }
}

/** ok / MISSED against the goal; nothing for a figure without one or in a smoke run. */
export function verdictOf(figure: Figure, smoke = SMOKE): Verdict {
  if (smoke || !figure.goal) return '';
  return meets(figure.value, figure.goal) ? 'ok' : 'MISSED';
}

export function formatValue(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return value.toFixed(Math.abs(value) >= 100 ? 1 : 2);
}

export function formatGoal(goal: Goal | undefined, unit: string): string {
  return goal ? `${goal.op} ${goal.value}${unit === '×' ? '×' : ` ${unit}`}` : '';
}

export interface BenchReport {
  bench: string;
  smoke: boolean;
  figures: Figure[];
}

/** Collects one benchmark's figures; `print()` ends the run with the JSON line. */
export class Report {
  private readonly figures: Figure[] = [];

  constructor(readonly bench: string) {}

  add(name: string, value: number, unit: string, goal?: Goal): void {
    if (!Number.isFinite(value)) throw new Error(`${this.bench}: "${name}" measured ${value}`);
    const figure = { name, value, unit, ...(goal ? { goal } : {}) };
    this.figures.push(figure);
    const verdict = verdictOf(figure);
    console.log(`${name.padEnd(60)} ${formatValue(value).padStart(10)} ${unit}${goal ? `  (goal ${formatGoal(goal, unit)})` : ''}${verdict ? `  ${verdict}` : ''}`);
  }

  print(): BenchReport {
    const report = { bench: this.bench, smoke: SMOKE, figures: this.figures };
    console.log(JSON.stringify({ benchReport: report }));
    return report;
  }
}

/**
 * Runs a benchmark's main and exits: 0 when it ran to its end (whatever its verdicts: they are
 * in the report), 2 when it broke, with the error. Goals are judged by the table, not the exit code.
 */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? (error.stack ?? error.message) : error);
      process.exit(2);
    },
  );
}
