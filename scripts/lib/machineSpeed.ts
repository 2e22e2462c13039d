import { spawnSync } from 'node:child_process';

/**
 * How fast this machine is while a benchmark runs, so its figures can be read against another
 * day's. The machine is shared: from one session to the next the same work has taken one to three
 * times as long (docs/benchmarks.md), in plain JavaScript and in the kernel's handing out of new
 * memory alike, and a browser or a database does a great deal of both.
 */
export interface MachineSpeed {
  /** Milliseconds for a loop of `steps` additions in plain JavaScript (the CPU alone). */
  loopMs: number;
  /** Milliseconds to write one byte into each 4 kB page of `mib` MiB of new memory (page faults). */
  memoryMs: number;
  /** How many probes the figures are the median of, and how large each was. */
  runs: number;
  size: ProbeSize;
  /** Each probe's process and its peak resident memory (kB), which holds the memory it wrote. */
  probes: { pid: number; peakRssKb: number }[];
}

export interface ProbeSize {
  steps: number;
  mib: number;
}

/** The default probe: about 0.2 to 0.6 s of loop and 0.1 to 1 s of memory, a child process each. */
export const PROBE_SIZE: ProbeSize = { steps: 1e8, mib: 256 };

/** Runs in a child process, so its memory never counts in a benchmark's own figures. */
const probeSource = ({ steps, mib }: ProbeSize) => `
const t0 = process.hrtime.bigint();
let sum = 0;
for (let i = 0; i < ${steps}; i++) sum += i;
const t1 = process.hrtime.bigint();
const bytes = new Uint8Array(${mib} * 1024 * 1024);
for (let i = 0; i < bytes.length; i += 4096) bytes[i] = 1;
const t2 = process.hrtime.bigint();
process.stdout.write(JSON.stringify({ loopMs: Number(t1 - t0) / 1e6, memoryMs: Number(t2 - t1) / 1e6, sum, pid: process.pid, peakRssKb: process.resourceUsage().maxRSS }));
`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The median of `runs` probes, each in a new Node process. */
export function measureMachineSpeed(runs = 3, size: ProbeSize = PROBE_SIZE): MachineSpeed {
  const probes = Array.from({ length: runs }, () => {
    const child = spawnSync(process.execPath, ['-e', probeSource(size)], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`the machine's speed probe failed: ${child.stderr}`);
    return JSON.parse(child.stdout) as { loopMs: number; memoryMs: number; pid: number; peakRssKb: number };
  });
  return {
    loopMs: median(probes.map((p) => p.loopMs)),
    memoryMs: median(probes.map((p) => p.memoryMs)),
    runs,
    size,
    probes: probes.map(({ pid, peakRssKb }) => ({ pid, peakRssKb })),
  };
}

/** One line for a benchmark's output: `when` says at which point of the run it was measured. */
export function machineSpeedLine(when: string, speed: MachineSpeed): string {
  const { steps, mib } = speed.size;
  return `machine ${when}: a loop of ${steps.toLocaleString('en-US')} additions ${speed.loopMs.toFixed(0)} ms, ${mib} MiB of new memory written ${speed.memoryMs.toFixed(0)} ms (median of ${speed.runs} Node processes; more is a slower machine)`;
}

/** Measures and prints the line (see machineSpeedLine). */
export function printMachineSpeed(when: string): void {
  process.stdout.write(`${machineSpeedLine(when, measureMachineSpeed())}\n`);
}
