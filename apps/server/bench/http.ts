/** A small closed-loop HTTP load generator: `concurrency` workers issue requests for `seconds`. */
export interface LoadResult {
  name: string;
  requests: number;
  failures: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length));
  return sorted[i];
}

export async function load(
  name: string,
  opts: { seconds: number; concurrency: number },
  request: (i: number) => Promise<Response>,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let failures = 0;
  let n = 0;
  const started = performance.now();
  const deadline = started + opts.seconds * 1000;
  await Promise.all(
    Array.from({ length: opts.concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        try {
          const res = await request(n++);
          await res.arrayBuffer();
          if (!res.ok) failures++;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    name,
    requests: latencies.length,
    failures,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
  };
}

export function printResults(results: LoadResult[]): void {
  const rows = results.map((r) => ({
    scenario: r.name,
    'req/s': r.perSecond.toFixed(0),
    'p50 ms': r.p50.toFixed(2),
    'p99 ms': r.p99.toFixed(2),
    requests: r.requests,
    failures: r.failures,
  }));
  console.table(rows);
}
