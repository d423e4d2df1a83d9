import { ERRORS, type ErrorCode } from '@tt/protocol';
import { TokenBucket, type SocketRateKind } from '@tt/rules';
import type { Connection } from './connection';
import type { RealtimeOptions } from './options';

/** A refusal sent on the socket: the catalogue's text (what SDK clients read) and its code. */
export interface Refusal {
  error: string;
  code: ErrorCode;
}

export const refusal = (code: ErrorCode): Refusal => ({ error: ERRORS[code].message, code });

/** A refused connection waits this many at most per address; past that, upgrades get a bare 429. */
const MAX_REFUSED_WAITING_PER_IP = 5;

/** A plain object, not a Map: one per connection and per user, mostly with one or two kinds (ROOM-MEM-1). */
export type Buckets = Partial<Record<SocketRateKind, TokenBucket>>;

/**
 * The socket's own protection: how many sockets a user and an address may hold (SEC-SOCKETS-1),
 * token buckets per connection and per user on every frame (SEC-FLOOD-1), and the connection that
 * keeps being refused is closed (SEC-FLOOD-2). In-process: each process guards its own sockets.
 */
export class SocketGuard {
  private readonly byIp = new Map<string, number>();
  private readonly refusedByIp = new Map<string, number>();
  private readonly users = new Map<string, BucketHolder & { sockets: number }>();

  constructor(private readonly options: RealtimeOptions) {}

  /** At the upgrade: 'open' (counted), 'refuse' (open, told why, closed) or 'drop' (429, no socket). */
  admitAddress(ip: string): 'open' | 'refuse' | 'drop' {
    const open = this.byIp.get(ip) ?? 0;
    if (open < this.options.maxSocketsPerIp) {
      this.byIp.set(ip, open + 1);
      return 'open';
    }
    const waiting = this.refusedByIp.get(ip) ?? 0;
    if (waiting >= MAX_REFUSED_WAITING_PER_IP) return 'drop';
    this.refusedByIp.set(ip, waiting + 1);
    return 'refuse';
  }

  /**
   * Once the token is known: false when the user already holds the most sockets allowed. A chat
   * token's socket counts for its user as a session's does (GATEWAY-6: these caps are the only ones).
   */
  admitUser(conn: Connection): boolean {
    const uuid = conn.userUuid!;
    const user = this.users.get(uuid) ?? { sockets: 0, buckets: null };
    if (user.sockets >= this.options.maxSocketsPerUser) return false;
    user.sockets++;
    this.users.set(uuid, user);
    conn.countedUser = true;
    return true;
  }

  /** A connection closed: it no longer counts. */
  closed(conn: Connection, admitted: boolean): void {
    const ip = conn.remoteAddress ?? '';
    const map = admitted ? this.byIp : this.refusedByIp;
    const n = (map.get(ip) ?? 1) - 1;
    if (n > 0) map.set(ip, n);
    else map.delete(ip);
    if (conn.countedUser && conn.userUuid) {
      const user = this.users.get(conn.userUuid);
      if (user) user.sockets--;
      conn.countedUser = false;
    }
  }

  /**
   * May this frame run? It takes a token from the user's bucket of its kind (the connection's
   * before the user is known); when it is empty the frame is refused.
   */
  allow(conn: Connection, kind: SocketRateKind, now = Date.now()): boolean {
    const rule = this.options.rateLimits[kind];
    const user = conn.userUuid ? this.users.get(conn.userUuid) : undefined;
    // ROOM-MEM-2: a connection's bucket of a kind fills and drains with its user's, which also
    // drains for the user's other sockets, so it never holds fewer tokens: the user's decides,
    // and the connection keeps one only while no user is known.
    const bucket = bucketOf(user ?? conn, kind, rule, now);
    if (!bucket.has(now)) return false;
    bucket.take(now);
    return true;
  }

  /** Records a refusal; true when the connection was refused too often and must close. */
  refused(conn: Connection, now = Date.now()): boolean {
    const since = now - this.options.floodWindowMs;
    const recent = conn.refusals.filter((t) => t > since);
    recent.push(now);
    conn.refusals = recent;
    return recent.length >= this.options.floodMaxRefusals;
  }

  /**
   * Heartbeat: forgets the buckets that are full again (a new one starts full: nothing changes for
   * the user), and the users with no socket left and no bucket. ROOM-MEM-4: a listener who sent
   * their joinRoom and sits listening then holds no bucket at all.
   */
  sweep(now = Date.now()): void {
    for (const [uuid, user] of this.users) {
      if (user.buckets && Object.values(user.buckets).every((b) => b.full(now))) {
        user.buckets = null;
      }
      if (user.sockets <= 0 && !user.buckets) this.users.delete(uuid);
    }
  }
}

/** Who holds token buckets: a user, or a connection before its user is known (none until used). */
export interface BucketHolder {
  buckets: Buckets | null;
}

function bucketOf(
  holder: BucketHolder,
  kind: SocketRateKind,
  rule: RealtimeOptions['rateLimits'][SocketRateKind],
  now: number,
): TokenBucket {
  return ((holder.buckets ??= {})[kind] ??= new TokenBucket(rule, now));
}
