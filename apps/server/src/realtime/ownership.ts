import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** The owner of a live room: the process id, and the fencing token its lease was taken with. */
export interface Lease {
  processId: string;
  fence: number;
}

/**
 * ROOM-OWNER-1: who runs each live room. Without Redis this process runs every room (fence 0).
 * With Redis a room's owner holds a lease (set-if-absent with expiry, renewed while it runs the
 * room); each new lease gets a larger fencing token, which the owner writes with the live state so
 * that a stale owner's writes are refused (ROOM-OWNER-2). The token is never below Redis's clock
 * in milliseconds, so it keeps growing when Redis loses its counters (ROOM-OWNER-9).
 */
export interface RoomOwnership {
  readonly processId: string;
  readonly distributed: boolean;
  /** The room's owner now; when nobody holds it, this process takes it. */
  claim(roomUuid: string): Promise<Lease>;
  /** The room's owner now, or null (nobody runs it). Never takes it. */
  ownerOf(roomUuid: string): Promise<Lease | null>;
  /** Owners of several rooms at once (null where nobody runs it). */
  owners(roomUuids: string[]): Promise<(Lease | null)[]>;
  /** This process stops running the room (it emptied): the lease goes at once. */
  release(roomUuid: string): Promise<void>;
  /** Called when a lease this process held was lost (expired and taken, or gone). */
  onLost(handler: (roomUuid: string) => void): void;
  close(): Promise<void>;
}

export class LocalOwnership implements RoomOwnership {
  readonly processId = randomUUID();
  readonly distributed = false;
  async claim(): Promise<Lease> {
    return { processId: this.processId, fence: 0 };
  }
  async ownerOf(): Promise<Lease> {
    return { processId: this.processId, fence: 0 };
  }
  async owners(roomUuids: string[]): Promise<Lease[]> {
    return roomUuids.map(() => ({ processId: this.processId, fence: 0 }));
  }
  async release(): Promise<void> {}
  onLost(): void {}
  async close(): Promise<void> {}
}

// KEYS[1] owner key, KEYS[2] fence counter; ARGV[1] process id, ARGV[2] lease ms.
// ROOM-OWNER-9: the token is also at least Redis's clock in milliseconds, so a counter lost with
// Redis's data (a restart without persistence) starts again above every token already stored.
const CLAIM = `
local v = redis.call('GET', KEYS[1])
if v then return v end
local f = redis.call('INCR', KEYS[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if f < now then
  f = now
  redis.call('SET', KEYS[2], string.format('%.0f', f))
end
v = ARGV[1] .. '|' .. string.format('%.0f', f)
redis.call('SET', KEYS[1], v, 'PX', ARGV[2])
return v`;
// KEYS[1] owner key; ARGV[1] the value held, ARGV[2] lease ms. 1: renewed, 0: lost.
const RENEW = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0`;
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

function parse(value: string | null): Lease | null {
  if (!value) return null;
  const bar = value.lastIndexOf('|');
  return { processId: value.slice(0, bar), fence: Number(value.slice(bar + 1)) };
}

export class RedisOwnership implements RoomOwnership {
  readonly processId = randomUUID();
  readonly distributed = true;
  private readonly redis: Redis;
  /** Leases this process holds: room → the value stored under its key. */
  private readonly held = new Map<string, string>();
  private readonly lostHandlers: ((roomUuid: string) => void)[] = [];
  private readonly timer: NodeJS.Timeout;
  private closed = false;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly leaseMs: number,
    private readonly log: Logger,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 3 });
    this.redis.on('error', (err) => this.log.warn({ err }, 'room ownership: redis error'));
    this.timer = setInterval(() => void this.renewAll(), Math.max(100, Math.floor(leaseMs / 3)));
    this.timer.unref();
  }

  private key = (roomUuid: string) => `${this.prefix}room-owner:${roomUuid}`;

  async claim(roomUuid: string): Promise<Lease> {
    const mine = this.held.get(roomUuid);
    if (mine) return parse(mine)!;
    const value = (await this.redis.eval(
      CLAIM,
      2,
      this.key(roomUuid),
      `${this.prefix}room-fence:${roomUuid}`,
      this.processId,
      String(this.leaseMs),
    )) as string;
    const lease = parse(value)!;
    if (lease.processId === this.processId) this.held.set(roomUuid, value);
    return lease;
  }

  async ownerOf(roomUuid: string): Promise<Lease | null> {
    return parse(await this.redis.get(this.key(roomUuid)));
  }

  async owners(roomUuids: string[]): Promise<(Lease | null)[]> {
    if (roomUuids.length === 0) return [];
    const values = await this.redis.mget(...roomUuids.map(this.key));
    return values.map(parse);
  }

  async release(roomUuid: string): Promise<void> {
    const value = this.held.get(roomUuid);
    if (!value) return;
    this.held.delete(roomUuid);
    await this.redis.eval(RELEASE, 1, this.key(roomUuid), value).catch((err: unknown) => {
      this.log.warn({ err, room: roomUuid }, 'room ownership: release failed (it will expire)');
    });
  }

  onLost(handler: (roomUuid: string) => void): void {
    this.lostHandlers.push(handler);
  }

  private async renewAll(): Promise<void> {
    if (this.closed || this.held.size === 0) return;
    const entries = [...this.held];
    const pipeline = this.redis.pipeline();
    for (const [room, value] of entries) {
      pipeline.eval(RENEW, 1, this.key(room), value, String(this.leaseMs));
    }
    let results: [Error | null, unknown][] | null;
    try {
      results = await pipeline.exec();
    } catch (err) {
      this.log.warn({ err }, 'room ownership: renewal failed');
      return;
    }
    entries.forEach(([room, value], i) => {
      const [err, renewed] = results?.[i] ?? [null, 0];
      if (err || renewed === 1 || this.held.get(room) !== value) return;
      this.held.delete(room);
      this.log.warn({ room }, 'room ownership: lease lost');
      for (const h of this.lostHandlers) h(room);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await Promise.all([...this.held.keys()].map((room) => this.release(room)));
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
