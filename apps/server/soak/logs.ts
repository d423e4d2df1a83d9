import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Cluster } from '../cluster/cluster';

/**
 * The app processes' own output (warnings and errors: LOG_LEVEL=warn), kept across their kills and
 * restarts and written at the end to one file per process slot, each life after the last, so a
 * failed check can be traced in what the servers said. SOAK_LOGS names the directory (default: a
 * new one under the system's temporary directory).
 */
export class ProcessLogs {
  private readonly lives: string[][];
  private readonly started = Date.now();

  constructor(private readonly cluster: Cluster) {
    this.lives = cluster.ports.map(() => []);
  }

  /** Keeps what process `i` printed in this life (call before it is killed or stopped). */
  keep(i: number, why: string): void {
    const out = this.cluster.processes[i]?.output() ?? '';
    const at = ((Date.now() - this.started) / 1000).toFixed(0);
    this.lives[i].push(`${out}\n----- ${why} at ${at} s of the chaos -----\n`);
  }

  /** Writes every process's lives; answers the directory. */
  async write(): Promise<string> {
    const dir =
      process.env.SOAK_LOGS || (await fs.mkdtemp(path.join(os.tmpdir(), 'tt-soak-logs-')));
    await fs.mkdir(dir, { recursive: true });
    await Promise.all(
      this.lives.map((lives, i) =>
        fs.writeFile(
          path.join(dir, `process-${i + 1}.log`),
          [...lives, this.cluster.processes[i]?.output() ?? '(not running)'].join(''),
        ),
      ),
    );
    return dir;
  }
}

/**
 * ROOM-OWNER-9: the room's fencing counter in Redis and the token its live state was last written
 * with (in the database), for the log around the Redis restart.
 */
export async function fencesOf(
  redisUrl: string,
  prefix: string,
  dbUrl: string,
  roomUuid: string,
): Promise<string> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const db = new pg.Client({ connectionString: dbUrl });
  try {
    const counter = await redis.get(`${prefix}room-fence:${roomUuid}`);
    await db.connect();
    const row = await db.query<{ fence: string }>(
      'SELECT l.fence FROM room_live_states l JOIN rooms r ON r.id = l.room_id WHERE r.uuid = $1',
      [roomUuid],
    );
    return `fencing counter ${counter ?? 'none'}, live state written with ${row.rows[0]?.fence ?? 'none'}`;
  } catch (err) {
    return `fences unknown (${(err as Error).message})`;
  } finally {
    redis.disconnect();
    await db.end().catch(() => {});
  }
}
