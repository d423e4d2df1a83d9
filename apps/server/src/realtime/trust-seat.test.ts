import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import { Ranking } from '../services/points/ranking';
import { Seasons } from '../services/points/seasons';
import { createRoom, RawSocket, RoomClient, song, startRealtimeServer } from './test-kit';

/** TRUST-6 on the room socket: busy rooms (more than 1 listener here) seat trusted people only. */
let s: TestServer;
let ranking: Ranking;
beforeAll(async () => {
  s = await startRealtimeServer({
    env: { TRUST_MIN_SONGS_HEARD: '3', TRUST_MIN_POINTS: '50', TRUST_BUSY_ROOM_LISTENERS: '1' },
  });
  ranking = new Ranking(s.app.platform, new Seasons(s.app.platform.db));
});
afterAll(() => s.close());

const join = async (roomUuid: string, roles?: ('user' | 'moderator' | 'bot')[]) => {
  const u = await s.createUser(roles ? { roles } : {});
  return { u, c: await RoomClient.join(s, u, roomUuid) };
};

describe('TRUST-6: a DJ seat in a busy room', () => {
  it('TRUST-6: a new account takes a seat in a quiet room', async () => {
    const owner = await s.createUser();
    const room = await createRoom(s, owner.token);
    const { u, c } = await join(room.uuid);
    await c.action('addDj', { song: song('quiet') });
    expect(c.state.djs.map((x) => x.uuid)).toEqual([u.uuid]);
    c.disconnect();
  });

  it('TRUST-6, TRUST-7: refused in a busy room (the unmodified SDK reads the text), allowed once trusted', async () => {
    const owner = await s.createUser();
    const room = await createRoom(s, owner.token);
    const { c: other } = await join(room.uuid);
    const { u, c } = await join(room.uuid);
    const text = await c.actionError('addDj', { song: song('busy') });
    expect(text).toContain('New accounts cannot take a DJ seat in a busy room yet.');
    expect(text).toContain('Listen to 3 more songs or earn 50 more points');
    expect(c.state.djs).toEqual([]);

    for (let i = 0; i < 3; i++) {
      await ranking.credit({
        userUuid: u.uuid,
        amount: 1,
        kind: 'listen',
        reason: 'A song heard',
        key: `seat-listen:${u.uuid}:${i}`,
      });
    }
    await c.action('addDj', { song: song('earned') });
    expect(c.state.djs.map((x) => x.uuid)).toEqual([u.uuid]);
    c.disconnect();
    other.disconnect();
  });

  it('TRUST-6: the refusal carries its code', async () => {
    const owner = await s.createUser();
    const room = await createRoom(s, owner.token);
    const { c: a } = await join(room.uuid);
    const { c: b } = await join(room.uuid);
    const u = await s.createUser();
    const raw = await RawSocket.open(s, u.token);
    raw.send({
      event: 'action',
      params: { action: 'joinRoom', roomUuid: room.uuid },
      messageId: 1,
    });
    await raw.next((f) => f?.messageId === 1);
    const params = { action: 'addDj', roomUuid: room.uuid, song: song('raw') };
    raw.send({ event: 'action', params, messageId: 2 });
    expect(await raw.next((f) => f?.messageId === 2)).toMatchObject({
      code: 'TRUST_SEAT_NOT_YET',
      context: 'response',
    });
    raw.close();
    a.disconnect();
    b.disconnect();
  });

  it('TRUST-3: a moderator and a bot take a seat in a busy room at once', async () => {
    const owner = await s.createUser();
    const room = await createRoom(s, owner.token);
    const { c: a } = await join(room.uuid);
    const { c: b } = await join(room.uuid);
    const { u: mod, c: m } = await join(room.uuid, ['user', 'moderator']);
    await m.action('addDj', { song: song('mod') });
    const { u: bot, c: bc } = await join(room.uuid, ['user', 'bot']);
    await bc.action('addDj', { song: song('bot') });
    expect(bc.state.djs.map((x) => x.uuid)).toEqual([mod.uuid, bot.uuid]);
    for (const x of [a, b, m, bc]) x.disconnect();
  });
});
