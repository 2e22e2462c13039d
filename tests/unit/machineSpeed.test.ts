import { describe, expect, it } from 'vitest';
import { machineSpeedLine, measureMachineSpeed } from '../../scripts/lib/machineSpeed';

/*
 * The line every benchmark prints before and after its run, so a reader can tell a slow machine
 * from slow code. Only what the line says and where the probe's memory goes are checked: its times
 * are the machine's.
 */
describe("the benchmarks' machine-speed line", () => {
  it('reports the median loop and memory times of its probes, with their size', () => {
    const speed = measureMachineSpeed(3, { steps: 1_000_000, mib: 8 });
    expect(speed.loopMs).toBeGreaterThan(0);
    expect(speed.memoryMs).toBeGreaterThan(0);
    const line = machineSpeedLine('before the run', speed);
    expect(line).toMatch(
      /^machine before the run: a loop of 1,000,000 additions \d+ ms, 8 MiB of new memory written \d+ ms \(median of 3 Node processes; more is a slower machine\)$/,
    );
  });

  it("writes its memory in another process, so a benchmark's peak memory is its own", () => {
    const { probes } = measureMachineSpeed(2, { steps: 1, mib: 64 });
    expect(probes).toHaveLength(2);
    for (const probe of probes) {
      // Each probe is a process of its own, and its own peak (kB) holds the 64 MiB it wrote.
      expect(probe.pid).not.toBe(process.pid);
      expect(probe.peakRssKb).toBeGreaterThan(64 * 1024);
    }
    expect(probes[0].pid).not.toBe(probes[1].pid);
  });
});
