/** A measured loop: run `fn` after `warmup` untimed calls, return latency percentiles in ms. */
export type Latency = { n: number; p50: number; p99: number; mean: number }

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
}

/** Summarise samples (ms). */
export function summarise(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b)
  const round = (x: number) => Math.round(x * 100) / 100
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p99: round(percentile(sorted, 99)),
    mean: round(sorted.reduce((a, b) => a + b, 0) / sorted.length),
  }
}

/** Call `fn(i)` sequentially `iterations` times (closed loop, one client) and time each call. */
export async function measure(iterations: number, fn: (i: number) => Promise<void>, warmup = 10): Promise<Latency> {
  for (let i = 0; i < warmup; i++) await fn(-1 - i)
  const samples: number[] = []
  for (let i = 0; i < iterations; i++) {
    const start = performance.now()
    await fn(i)
    samples.push(performance.now() - start)
  }
  return summarise(samples)
}
