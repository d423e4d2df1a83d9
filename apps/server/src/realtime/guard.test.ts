import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../platform/auth';
import { Connection } from './connection';
import { SocketGuard } from './guard';
import { realtimeOptions } from './options';

/** ROOM-MEM-4 and SEC-FLOOD-1: the socket guard's token buckets, swept when full. */
const rule = { burst: 3, perSecond: 1 };
const options = realtimeOptions({
  rateLimits: { ...realtimeOptions().rateLimits, joinRoom: rule },
});

function connection(uuid: string): Connection {
  const conn = new Connection({} as never, '10.0.0.1', 1 << 20);
  conn.auth = { uuid, tokenRole: 'user', roles: ['user'] } as unknown as AuthContext;
  return conn;
}

const held = (guard: SocketGuard, uuid: string) =>
  (guard as unknown as { users: Map<string, { buckets: object | null }> }).users.get(uuid);

describe('SocketGuard buckets (ROOM-MEM-4)', () => {
  it('a drained bucket is kept by the sweep; a full one is forgotten and starts full again', () => {
    const guard = new SocketGuard(options);
    const conn = connection('u-1');
    expect(guard.admitUser(conn)).toBe(true);
    const t0 = 1_000_000;
    for (let i = 0; i < rule.burst; i++) expect(guard.allow(conn, 'joinRoom', t0)).toBe(true);
    expect(guard.allow(conn, 'joinRoom', t0)).toBe(false);
    // Half a second on: still drained, so the sweep must not forget it (that would refill it).
    guard.sweep(t0 + 500);
    expect(held(guard, 'u-1')?.buckets).not.toBeNull();
    expect(guard.allow(conn, 'joinRoom', t0 + 500)).toBe(false);
    // Full again after `burst` seconds: the user, still connected, holds no bucket any more.
    const later = t0 + 500 + rule.burst * 1000;
    guard.sweep(later);
    expect(held(guard, 'u-1')).toEqual({ sockets: 1, buckets: null });
    for (let i = 0; i < rule.burst; i++) expect(guard.allow(conn, 'joinRoom', later)).toBe(true);
    expect(guard.allow(conn, 'joinRoom', later)).toBe(false);
  });

  it('a user with no socket and no bucket is forgotten; a connection makes its buckets on use', () => {
    const guard = new SocketGuard(options);
    const conn = connection('u-2');
    expect(conn.buckets).toBeNull();
    guard.admitUser(conn);
    guard.closed(conn, true);
    guard.sweep(1_000_000);
    expect(held(guard, 'u-2')).toBeUndefined();
    const anonymous = new Connection({} as never, '10.0.0.2', 1 << 20);
    expect(guard.allow(anonymous, 'joinRoom', 1_000_000)).toBe(true);
    expect(anonymous.buckets?.joinRoom).toBeDefined();
  });
});
