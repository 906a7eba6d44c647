/**
 * Small timing helpers shared by the benchmark scripts. Figures are printed, never
 * asserted: they describe this machine, not a pass/fail line.
 */
import { performance } from 'node:perf_hooks';

export interface Measurement {
  name: string;
  operations: number;
  seconds: number;
  perSecond: number;
  p50Microseconds: number;
  p99Microseconds: number;
}

/** The value at `fraction` (0.5 for p50) of sorted figures; 0 when there are none. */
export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}

/**
 * Runs `operation` repeatedly for about `durationMs` (after a short warm-up) and returns
 * throughput and latency percentiles.
 *
 * @example
 * ```ts
 * printMeasurements([await measure('newId', () => newId('post'))]);
 * ```
 */
export async function measure(
  name: string,
  operation: () => unknown,
  { durationMs = 1000, warmupMs = 200 }: { durationMs?: number; warmupMs?: number } = {},
): Promise<Measurement> {
  const warmupEnd = performance.now() + warmupMs;
  while (performance.now() < warmupEnd) await operation();
  const samples: number[] = [];
  const start = performance.now();
  const end = start + durationMs;
  while (performance.now() < end) {
    const before = performance.now();
    await operation();
    samples.push(performance.now() - before);
  }
  const seconds = (performance.now() - start) / 1000;
  const sorted = Float64Array.from(samples).sort();
  return {
    name,
    operations: samples.length,
    seconds,
    perSecond: samples.length / seconds,
    p50Microseconds: percentile(sorted, 0.5) * 1000,
    p99Microseconds: percentile(sorted, 0.99) * 1000,
  };
}

/** Prints measurements as an aligned table. */
export function printMeasurements(title: string, measurements: readonly Measurement[]): void {
  console.log(`\n${title}`);
  console.table(
    measurements.map((m) => ({
      operation: m.name,
      'ops/s': Math.round(m.perSecond).toLocaleString('en-US'),
      'p50 µs': m.p50Microseconds.toFixed(1),
      'p99 µs': m.p99Microseconds.toFixed(1),
      samples: m.operations,
    })),
  );
}
