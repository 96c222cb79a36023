// `npm run bench:all`: every benchmark, one after the other (the machine has 2 cores: side by
// side they would measure each other), each in its own process with a deadline, then one table
// of goal, figure and verdict per line and a JSON file of the same beside it
// (bench/results/bench-<time>.json, or --out FILE).
// --compare FILE: a column with that earlier run's figures, so a round compares with the last
//   in one command. --only a,b: those benchmarks alone. --list: their names.
// --smoke (`npm run bench:smoke`, CI): each benchmark once on small data, no verdicts; fails
//   (exit 2) when a benchmark breaks or overruns its deadline. A full run exits 1 when a figure
//   misses its goal and 2 when a benchmark broke.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { BENCHMARKS, type Benchmark } from './support/benchmarks';
import { type BenchReport, SMOKE, formatGoal, formatValue, option, verdictOf } from './support/report';

const ROOT = join(__dirname, '..');
const TSX = join(ROOT, 'node_modules/tsx/dist/cli.mjs');

interface Outcome {
  name: string;
  ok: boolean;
  seconds: number;
  problem?: string;
  report?: BenchReport;
}

interface SavedRun {
  date: string;
  smoke: boolean;
  outcomes: Outcome[];
}

/**
 * Runs one benchmark in its own process group, killed whole when it overruns its deadline.
 * `buffered`: its output is kept and printed when it ends (it runs beside another).
 */
function runOne(bench: Benchmark, buffered = false): Promise<Outcome> {
  const args = [TSX, bench.file, ...(SMOKE ? ['--smoke', ...bench.smokeArgs] : bench.args)];
  const deadlineMs = (SMOKE ? bench.smokeDeadlineS : bench.deadlineS) * 1000;
  const heading = `\n=== ${bench.name}: ${bench.file} ${args.slice(2).join(' ')} (deadline ${deadlineMs / 1000} s)`;
  let kept = '';
  const out = (chunk: Buffer | string) => (buffered ? (kept += chunk.toString()) : process.stdout.write(chunk));
  const err = (chunk: Buffer | string) => (buffered ? (kept += chunk.toString()) : process.stderr.write(chunk));
  if (buffered) console.log(`${heading}: started beside the others, its output follows when it ends`);
  else console.log(heading);
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let report: BenchReport | undefined;
  let lastError = '';
  let pending = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out(chunk);
    pending += chunk.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.startsWith('{"benchReport"')) continue;
      try {
        report = (JSON.parse(line) as { benchReport: BenchReport }).benchReport;
      } catch {
        // A line that only looks like a report: the table says none came.
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    err(chunk);
    const text = chunk.toString().trim();
    if (text) lastError = text.split('\n').find((l) => /error|gave up|overran/i.test(l)) ?? lastError ?? text.split('\n')[0];
  });
  return new Promise((resolve) => {
    let overran = false;
    const timer = setTimeout(() => {
      overran = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, deadlineMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      // Its editors, browsers and sandboxes go with it, even when it exited on its own.
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Nothing left.
      }
      let problem: string | undefined;
      if (overran) problem = `overran its deadline of ${deadlineMs / 1000} s`;
      else if (code !== 0) problem = `exited with ${code ?? signal}${lastError ? `: ${lastError}` : ''}`;
      else if (!report) problem = 'ended without its report';
      if (buffered) process.stdout.write(`${heading}\n${kept}`);
      resolve({ name: bench.name, ok: problem === undefined, seconds, problem, report });
    });
  });
}

function figureKey(bench: string, figure: string): string {
  return `${bench} :: ${figure}`;
}

function previousFigures(file: string | undefined): Map<string, number> {
  const figures = new Map<string, number>();
  if (!file) return figures;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as SavedRun;
  for (const outcome of saved.outcomes) {
    for (const figure of outcome.report?.figures ?? []) figures.set(figureKey(outcome.name, figure.name), figure.value);
  }
  return figures;
}

function table(outcomes: Outcome[], before: Map<string, number>, compareFile: string | undefined): string {
  const rows: string[][] = [];
  const header = ['benchmark', 'figure', 'goal', 'now', ...(compareFile ? ['before', 'change'] : []), 'verdict'];
  for (const outcome of outcomes) {
    if (!outcome.ok) rows.push([outcome.name, '(the run)', '', '', ...(compareFile ? ['', ''] : []), `BROKE: ${outcome.problem}`]);
    for (const figure of outcome.report?.figures ?? []) {
      const was = before.get(figureKey(outcome.name, figure.name));
      const change = was === undefined || was === 0 ? '' : `${((figure.value / was - 1) * 100).toFixed(0).replace(/^(?!-)/, '+')}%`;
      rows.push([
        outcome.name, figure.name, formatGoal(figure.goal, figure.unit), `${formatValue(figure.value)} ${figure.unit}`,
        ...(compareFile ? [was === undefined ? '' : `${formatValue(was)} ${figure.unit}`, change] : []),
        verdictOf(figure, SMOKE),
      ]);
    }
  }
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

async function main(): Promise<void> {
  if (process.argv.includes('--list')) {
    for (const bench of BENCHMARKS) console.log(`${bench.name.padEnd(16)} ${bench.file} ${bench.args.join(' ')}`);
    return;
  }
  const only = option('only')?.split(',');
  const unknown = only?.filter((name) => !BENCHMARKS.some((b) => b.name === name)) ?? [];
  if (unknown.length) throw new Error(`no benchmark named ${unknown.join(', ')} (--list names them)`);
  const compareFile = option('compare');
  const before = previousFigures(compareFile);
  const started = performance.now();
  const outcomes: Outcome[] = [];
  const selected = BENCHMARKS.filter((b) => !only || only.includes(b.name));
  // A smoke run measures nothing, so the editor benchmark (mostly waiting on the editor) runs
  // beside the others instead of after them: CI's smoke phase takes about as long as the longer
  // of the two. A full run keeps them apart: side by side they would measure each other.
  const beside = SMOKE ? selected.filter((b) => b.besideInSmoke) : [];
  const running = beside.map((bench) => runOne(bench, true));
  for (const bench of selected.filter((b) => !beside.includes(b))) outcomes.push(await runOne(bench));
  outcomes.push(...(await Promise.all(running)));
  const total = (performance.now() - started) / 1000;

  const date = new Date().toISOString();
  const out = option('out', join(ROOT, 'bench/results', `bench-${SMOKE ? 'smoke-' : ''}${date.replace(/[:.]/g, '-')}.json`));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ date, smoke: SMOKE, outcomes } satisfies SavedRun, null, 2)}\n`);

  console.log(`\n${table(outcomes, before, compareFile)}\n`);
  for (const outcome of outcomes) console.log(`${outcome.name.padEnd(16)} ${outcome.seconds.toFixed(1).padStart(6)} s  ${outcome.ok ? 'ran to its end' : `BROKE: ${outcome.problem}`}`);
  console.log(`${'total'.padEnd(16)} ${total.toFixed(1).padStart(6)} s${SMOKE ? ' (smoke: one iteration, small data, no verdicts)' : ''}`);
  console.log(`figures: ${out}${compareFile ? ` (compared with ${compareFile})` : ''}`);
  const broken = outcomes.filter((o) => !o.ok).length;
  const missed = outcomes.flatMap((o) => o.report?.figures ?? []).filter((f) => verdictOf(f, SMOKE) === 'MISSED').length;
  console.log(`bench: ${outcomes.length - broken} ran to their end, ${broken} broke${SMOKE ? '' : `; ${missed} figure(s) missed their goal`}`);
  process.exitCode = broken ? 2 : missed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 2;
});
