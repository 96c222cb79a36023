// CPU time a process has used so far, all its threads, from Linux's scheduler statistics
// (nanoseconds, unlike the 10 ms ticks of /proc/<pid>/stat). On a shared machine wall times
// stretch with the load; the CPU a process spends on a call stretches much less, so it tells
// what a change saved even when the timings cannot. Undefined where /proc has no schedstat.
import { readFileSync, readdirSync } from 'node:fs';

export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    let ns = 0;
    for (const task of readdirSync(`/proc/${pid}/task`)) ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    return ns / 1e6;
  } catch {
    return undefined;
  }
}
