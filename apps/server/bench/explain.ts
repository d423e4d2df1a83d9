/**
 * The SQL one request runs, and EXPLAIN ANALYZE of each of its reads: the database client's
 * `query` is watched while the request runs (the bench's server is in this process).
 */
import type { TestServer } from '../test/harness';

interface Captured {
  text: string;
  params: unknown[];
}

type Client = { query: (...args: unknown[]) => Promise<unknown> };

export async function capture(s: TestServer, request: () => Promise<unknown>): Promise<Captured[]> {
  const client = (s.app.platform.db as unknown as { $client: Client }).$client;
  const original = client.query;
  const seen: Captured[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [q, values] = args as [string | { text: string; values?: unknown[] }, unknown[]?];
    if (typeof q === 'string') seen.push({ text: q, params: values ?? [] });
    else seen.push({ text: q.text, params: q.values ?? values ?? [] });
    return original.apply(this, args);
  } as Client['query'];
  try {
    await request();
  } finally {
    client.query = original;
  }
  return seen;
}

/** EXPLAIN ANALYZE of each select (one plan line per node), and the nodes that read every row. */
export async function explain(
  s: TestServer,
  queries: Captured[],
): Promise<{ sql: string; plan: string[]; flags: string[] }[]> {
  const client = (s.app.platform.db as unknown as { $client: Client }).$client;
  const out: { sql: string; plan: string[]; flags: string[] }[] = [];
  for (const q of queries) {
    if (!/^\s*(select|with)\b/i.test(q.text)) continue;
    const res = (await client.query(`explain (analyze, costs off) ${q.text}`, q.params)) as {
      rows: Record<string, string>[];
    };
    const plan = res.rows.map((r) => Object.values(r)[0] ?? '');
    // Nodes that read or sort many rows: a seq scan, a sort or an aggregate over 100 rows or more.
    const flags = plan
      .filter((l) => /Seq Scan|Sort\b|Aggregate/.test(l))
      .filter((l) => Number(/rows=([\d.]+)/.exec(l)?.[1] ?? 0) >= 100)
      .map((l) => l.trim());
    out.push({ sql: q.text.replace(/\s+/g, ' ').slice(0, 300), plan, flags });
  }
  return out;
}
