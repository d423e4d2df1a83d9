import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomEndpoints } from '@tt/protocol';
import { expectError, type TestServer } from '../../test/harness';
import {
  createRoom,
  eventually,
  guest,
  RawSocket,
  RoomClient,
  startRealtimeServer,
} from './test-kit';

/** SEC-SOCKETS-*, SEC-GUEST-*: how many sockets one user or address holds; guests' own places. */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer({ env: { REALTIME_MAX_SOCKETS_PER_IP: '1000' } });
});
afterAll(() => s?.close());

const USER_LIMIT = 'Too many open connections for this account, please close some tabs.';
const IP_LIMIT = 'Too many open connections from this address.';
const GUESTS_FULL = 'This room cannot take more guests right now, please log in to join.';

const isApiError = (f: any) => f?.context === 'api' && typeof f.error === 'string';
const answerTo = (id: number) => (f: any) => f?.context === 'response' && f.messageId === id;

/** A socket that is authenticated and counted (it answered a first frame). */
async function openCounted(token: string): Promise<RawSocket> {
  const raw = await RawSocket.open(s, token);
  raw.send({ event: 'detailsView', messageId: 1 });
  await raw.next(answerTo(1));
  return raw;
}

describe('sockets per user and per address', () => {
  it('SEC-SOCKETS-1: a user holds at most 10 sockets; the 11th is told why (error frame, then its first answer) and closed', async () => {
    const u = await s.createUser();
    const open = await Promise.all(Array.from({ length: 10 }, () => openCounted(u.token)));
    const extra = await RawSocket.open(s, u.token);
    const told = await extra.next(isApiError);
    expect(told).toEqual({ error: USER_LIMIT, code: 'SOCKET_USER_LIMIT', context: 'api' });
    extra.send({ event: 'action', params: { action: 'joinRoom', roomUuid: 'x' }, messageId: 7 });
    expect(await extra.next(answerTo(7))).toMatchObject({ error: USER_LIMIT });
    await extra.next((f) => f === 'primus::server::close');
    await extra.waitClosed();

    // The unmodified SDK reads the refusal as joinRoom's error.
    const room = await createRoom(s, u.token);
    const sdk = new RoomClient(s, u.token, u.uuid);
    await expect(sdk.joinRoom(room.uuid)).rejects.toBe(USER_LIMIT);
    sdk.disconnect();

    // Closing one makes room for another; other users are not affected.
    open[0].close();
    await eventually(async () => {
      const again = await openCounted(u.token);
      const refused = again.frames.some(isApiError);
      again.close();
      expect(refused).toBe(false);
    });
    const other = await s.createUser();
    (await openCounted(other.token)).close();
    open.slice(1).forEach((r) => r.close());
  });

  it('SEC-SOCKETS-2: an address holds at most REALTIME_MAX_SOCKETS_PER_IP sockets; past a few refusals the upgrade itself gets 429', async () => {
    const t = await startRealtimeServer({ env: { REALTIME_MAX_SOCKETS_PER_IP: '4' } });
    try {
      const tokens = await Promise.all(Array.from({ length: 4 }, () => guest(t)));
      const open = await Promise.all(tokens.map((g) => RawSocket.open(t, g.token)));
      const refused: RawSocket[] = [];
      for (let i = 0; i < 5; i++) {
        const raw = await RawSocket.open(t, tokens[0].token);
        expect(await raw.next(isApiError)).toEqual({
          error: IP_LIMIT,
          code: 'SOCKET_IP_LIMIT',
          context: 'api',
        });
        refused.push(raw);
      }
      // Five refused sockets are still waiting to be closed: the next is not even upgraded.
      await expect(RawSocket.open(t, tokens[0].token)).rejects.toThrow('429');
      for (const raw of [...open, ...refused]) raw.close();
      await eventually(async () => {
        const again = await RawSocket.open(t, tokens[1].token);
        again.send({ event: 'detailsView', messageId: 1 });
        const answer = await again.next(answerTo(1));
        again.close();
        expect(answer.status).toBe('OK');
      });
    } finally {
      await t.close();
    }
  });
});

describe('guests', () => {
  it('SEC-GUEST-1: guests do not take users’ places; a full guest allowance refuses only guests (socket and REST)', async () => {
    const [owner, a] = await Promise.all([s.createUser(), s.createUser()]);
    const room = await createRoom(s, owner.token, { roomSize: 2 });
    const guests = await Promise.all(Array.from({ length: 3 }, () => guest(s)));
    const g1 = await RoomClient.join(s, guests[0], room.uuid);
    const g2 = await RoomClient.join(s, guests[1], room.uuid);
    const g3 = new RoomClient(s, guests[2].token, guests[2].uuid);
    await expect(g3.joinRoom(room.uuid)).rejects.toBe(GUESTS_FULL);
    await expectError(
      s.as(guests[2].token).call(roomEndpoints.join, { params: { slug: room.slug }, body: {} }),
      403,
      GUESTS_FULL,
    );
    // Both users' places are still free.
    const co = await RoomClient.join(s, owner, room.uuid);
    const ca = await RoomClient.join(s, a, room.uuid);
    expect(ca.state.allUsers).toHaveLength(4);
    // The error frame names the refusal by its code.
    const raw = await RawSocket.open(s, guests[2].token);
    raw.send({
      event: 'action',
      params: { action: 'joinRoom', roomUuid: room.uuid },
      messageId: 3,
    });
    expect(await raw.next(answerTo(3))).toMatchObject({
      error: GUESTS_FULL,
      code: 'ROOM_GUESTS_FULL',
    });
    raw.close();
    for (const c of [g1, g2, g3, co, ca]) c.disconnect();
  });

  it('SEC-GUEST-1: ROOM_GUEST_ALLOWANCE_RATIO sets the allowance (0: no guests)', async () => {
    const t = await startRealtimeServer({ env: { ROOM_GUEST_ALLOWANCE_RATIO: '0' } });
    try {
      const owner = await t.createUser();
      const room = await createRoom(t, owner.token);
      const g = await guest(t);
      const c = new RoomClient(t, g.token, g.uuid);
      await expect(c.joinRoom(room.uuid)).rejects.toBe(GUESTS_FULL);
      c.disconnect();
    } finally {
      await t.close();
    }
  });
});
