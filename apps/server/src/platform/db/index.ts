import fs from 'node:fs/promises';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type every repository takes: PGlite and PostgreSQL share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection pool: connections in all, idle, and callers waiting for one. */
  pool?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/**
 * A statement whose text is made once, run with its parameters on the driver under `db` (the pool
 * of PostgreSQL or PGlite): no query builder runs (CHAT-SEND-3's hot path). Outside a transaction
 * only; rows come back in the driver's types (snake_case names).
 */
export function rawQuery(
  db: Db,
  text: string,
  params: unknown[],
): Promise<{ rows: Record<string, unknown>[] }> {
  const client = (db as unknown as { $client: RawClient }).$client;
  return client.query(text, params);
}

interface RawClient {
  query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const MIGRATIONS = path.resolve(import.meta.dirname, '../../../drizzle');

export interface DatabaseOptions {
  /** postgres:// URL; when absent an embedded PGlite is used. */
  url?: string;
  /** PGlite data directory; `undefined` keeps it in memory. */
  dataDir?: string;
  /**
   * Told once for each PostgreSQL connection that breaks (the server restarting, a network cut).
   * DB-POOL-1: an idle one is dropped and the pool opens a new one on the next query. DB-POOL-2:
   * one lent out (inside a transaction, between its statements) fails its statements. Either way
   * the process carries on.
   */
  onConnectionError?: (err: Error) => void;
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({ connectionString: opts.url, max: 10 });
    // DB-POOL-2: the pool listens for errors only on idle connections; a lent one whose server
    // ends it (a restart) would otherwise raise an unheard error event and end the process. So
    // every connection reports its own break, idle or lent, and the pool's event for an idle one
    // (DB-POOL-1; unheard, it too would end the process) is that same break again.
    pool.on('connect', (client) => client.on('error', (err) => opts.onConnectionError?.(err)));
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder: MIGRATIONS });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  // Loaded only for the embedded database: a process on PostgreSQL never holds PGlite's code.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const migrate = (client: InstanceType<typeof PGlite>) => {
    const db = drizzlePglite(client, { schema });
    return migratePglite(db, { migrationsFolder: MIGRATIONS }).then(() => db);
  };
  if (opts.dataDir) {
    await fs.mkdir(opts.dataDir, { recursive: true });
    const client = new PGlite(opts.dataDir);
    const db = await migrate(client);
    return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
  }
  // DB-MEM-1: an in-memory database starts from a copy of a migrated empty one, made once per
  // process (creating a cluster and applying the migrations costs 1.5–4 s; a copy about 0.5 s).
  // The migrator still runs on the copy and finds nothing to apply.
  migratedTemplate ??= (async () => {
    const first = new PGlite();
    await migrate(first);
    const dump = await first.dumpDataDir('none');
    await first.close();
    return dump;
  })().catch((err: unknown) => {
    migratedTemplate = undefined;
    throw err;
  });
  const client = new PGlite({ loadDataDir: await migratedTemplate });
  const db = await migrate(client);
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** DB-MEM-1: the migrated empty in-memory database every later in-memory one is copied from. */
let migratedTemplate: Promise<Blob | File> | undefined;
