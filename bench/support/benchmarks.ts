// The benchmarks bench/all.ts runs, in order: the file, its arguments for a full run and for
// CI's smoke run (one iteration, small data), and the deadline of each. Files run with tsx.

export interface Benchmark {
  name: string;
  file: string;
  /** A full run's arguments (the figures of the table). */
  args: string[];
  /** Added to --smoke: whatever makes one iteration on small data. */
  smokeArgs: string[];
  deadlineS: number;
  /** Generous: a smoke deadline catches a benchmark that hangs, not a busy CI machine. */
  smokeDeadlineS: number;
  /** In a smoke run, runs beside the others (it waits on an editor more than it computes). */
  besideInSmoke?: boolean;
}

export const BENCHMARKS: Benchmark[] = [
  { name: 'extension', file: 'bench/extension.ts', args: [], smokeArgs: [], deadlineS: 600, smokeDeadlineS: 90 },
  { name: 'sandbox', file: 'bench/sandbox.ts', args: [], smokeArgs: [], deadlineS: 900, smokeDeadlineS: 90 },
  { name: 'rlx-hostile', file: 'bench/rlx-hostile.ts', args: [], smokeArgs: [], deadlineS: 300, smokeDeadlineS: 90 },
  { name: 'rlx', file: 'bench/rlx-completion.ts', args: [], smokeArgs: [], deadlineS: 300, smokeDeadlineS: 90 },
  { name: 'references', file: 'bench/references.ts', args: [], smokeArgs: [], deadlineS: 300, smokeDeadlineS: 90 },
  { name: 'bulk', file: 'bench/bulk.ts', args: [], smokeArgs: [], deadlineS: 300, smokeDeadlineS: 90 },
  { name: 'journal-faults', file: 'bench/journal-faults.ts', args: [], smokeArgs: [], deadlineS: 300, smokeDeadlineS: 90 },
  { name: 'agents', file: 'bench/agents.ts', args: [], smokeArgs: [], deadlineS: 600, smokeDeadlineS: 90 },
  { name: 'notebook', file: 'bench/notebook.ts', args: [], smokeArgs: [], deadlineS: 300, smokeDeadlineS: 90 },
  { name: 'results', file: 'bench/webview-results.ts', args: [], smokeArgs: [], deadlineS: 300, smokeDeadlineS: 90 },
  { name: 'search', file: 'bench/webview-search.ts', args: [], smokeArgs: [], deadlineS: 300, smokeDeadlineS: 90 },
  { name: 'pivot', file: 'bench/webview-pivot.ts', args: [], smokeArgs: [], deadlineS: 300, smokeDeadlineS: 90 },
  // Nine alternations: on this 2-core machine a pair's ratio moves 0.78–1.12 with the server's
  // share of the cores, and the medians of four or five pairs of the same code read 0.81–1.06
  // from one run to the next (about 40 s more than five).
  { name: 'upload', file: 'bench/upload.ts', args: ['--size-mb', '1024', '--runs', '9'], smokeArgs: [], deadlineS: 1200, smokeDeadlineS: 90 },
  // Seen before times a 20–70 ms paint, window to window: eleven new windows steady its median.
  { name: 'tree', file: 'bench/tree-first-page.ts', args: ['--skip-build', '--latency', '100', '--seen-windows', '11'], smokeArgs: ['--skip-build'], deadlineS: 1800, smokeDeadlineS: 240, besideInSmoke: true },
];
