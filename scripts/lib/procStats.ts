import { readdirSync, readFileSync } from 'node:fs';

/** User and system CPU seconds of a /proc `stat` file (a process's or one thread's). */
function cpuSeconds(stat: string): { user: number; system: number } {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = 100; // USER_HZ on Linux
  return { user: Number(fields[11]) / ticks, system: Number(fields[12]) / ticks };
}

/** CPU seconds (user, system) and resident memory (MB) of a process, from /proc. */
export function processStats(pid: number): { user: number; system: number; rssMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return { ...cpuSeconds(readFileSync(`/proc/${pid}/stat`, 'utf8')), rssMb: rssKb / 1024 };
}

/** CPU seconds (user, system) and resident memory (MB) of processes together, from /proc. */
export function processesStats(pids: readonly number[]): { user: number; system: number; rssMb: number } {
  const all = pids.map(processStats);
  return {
    user: all.reduce((a, s) => a + s.user, 0),
    system: all.reduce((a, s) => a + s.system, 0),
    rssMb: all.reduce((a, s) => a + s.rssMb, 0),
  };
}

/**
 * CPU seconds (user and system) of processes split by thread: each process's main thread (where
 * Node runs JavaScript) and all its other threads (DuckDB's workers, libuv's pool, V8's helpers).
 */
export function threadsCpu(pids: readonly number[]): { main: number; other: number } {
  let main = 0;
  let other = 0;
  for (const pid of pids) {
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      } catch {
        continue; // the thread ended meanwhile
      }
      const { user, system } = cpuSeconds(stat);
      const seconds = user + system;
      if (tid === String(pid)) main += seconds;
      else other += seconds;
    }
  }
  return { main, other };
}
