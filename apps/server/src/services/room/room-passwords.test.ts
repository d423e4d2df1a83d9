import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomEndpoints as e, roomListEndpoints as lists } from '@tt/protocol';
import { expectError, type TestServer } from '../../../test/harness';
import { createRoom, RawSocket, startRealtimeServer, uniqueSlug } from '../../realtime/test-kit';

/** SEC-ROOMPW-*: room passwords cannot be guessed without limit, over the socket or REST. */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer({
    env: {
      ROOM_PASSWORD_MAX_FAILURES_PER_USER: '5',
      ROOM_PASSWORD_MAX_FAILURES_PER_IP: '1000',
      ROOM_PASSWORD_MAX_FAILURES_PER_ROOM: '1000',
    },
  });
});
afterAll(() => s?.close());

const PASSWORD = 'open-sesame-77';
const INCORRECT = 'Incorrect room password.';
const TOO_MANY = 'Too many wrong room passwords, please try again later.';

let messageId = 0;
/** Sends joinRoom on a bare socket; answers the response frame. */
async function joinRoom(raw: RawSocket, params: Record<string, unknown>) {
  const id = ++messageId;
  raw.send({ event: 'action', params: { action: 'joinRoom', ...params }, messageId: id });
  return raw.next((f) => f?.context === 'response' && f.messageId === id);
}

async function passwordRoom() {
  const owner = await s.createUser();
  return createRoom(s, owner.token, { password: PASSWORD, slug: uniqueSlug('pw') });
}

describe('room password guessing', () => {
  it('SEC-ROOMPW-1: after 5 wrong passwords a user is refused on that room (socket and REST alike), even a burst sent at once', async () => {
    const room = await passwordRoom();
    const other = await passwordRoom();
    const u = await s.createUser();
    const raw = await RawSocket.open(s, u.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        joinRoom(raw, { roomUuid: room.uuid, password: `g${i}` }),
      ),
    );
    const errors = answers.map((a) => a.error);
    expect(errors.filter((t) => t === INCORRECT)).toHaveLength(5);
    expect(errors.filter((t) => t === TOO_MANY)).toHaveLength(15);
    expect(answers.find((a) => a.error === TOO_MANY)).toMatchObject({
      code: 'ROOM_PASSWORD_ATTEMPTS',
    });
    // The right password too, until the window passes; the REST join shares the count.
    expect((await joinRoom(raw, { roomUuid: room.uuid, password: PASSWORD })).error).toBe(TOO_MANY);
    await expectError(
      s.as(u.token).call(e.join, { params: { slug: room.slug }, body: { password: PASSWORD } }),
      429,
      TOO_MANY,
    );
    // Another room is another count.
    expect((await joinRoom(raw, { roomUuid: other.uuid, password: PASSWORD })).status).toBe('OK');
    raw.close();
  });

  it('SEC-ROOMPW-1: a right password clears the user’s count; wrong ones from one address, and on one room, are capped across users', async () => {
    // Its own server: the address limit counts every test's guesses from 127.0.0.1.
    const t = await startRealtimeServer({
      env: {
        ROOM_PASSWORD_MAX_FAILURES_PER_IP: '12',
        ROOM_PASSWORD_MAX_FAILURES_PER_ROOM: '14',
      },
    });
    try {
      const owner = await t.createUser();
      const room = await createRoom(t, owner.token, { password: PASSWORD, slug: uniqueSlug('pw') });
      const u = await t.createUser();
      const guess = (token: string, password: string, slug = room.slug) =>
        t.as(token).call(e.join, { params: { slug }, body: { password } });
      for (let round = 0; round < 2; round++) {
        for (let i = 0; i < 4; i++) await expectError(guess(u.token, `x${i}`), 403, INCORRECT);
        expect((await guess(u.token, PASSWORD)).uuid).toBe(room.uuid);
      }
      // 8 wrong so far from this address; other accounts bring it to the address limit (12).
      for (let i = 0; i < 4; i++) {
        const v = await t.createUser();
        await expectError(guess(v.token, 'nope'), 403, INCORRECT);
      }
      const w = await t.createUser();
      await expectError(guess(w.token, PASSWORD), 429, TOO_MANY);
      // Remembered rooms (POST /rooms/list) go through the same count: the room is left out.
      const remembered = await t.as(w.token).call(lists.withPasswords, {
        body: { rooms: [{ slug: room.slug, password: PASSWORD }] },
      });
      expect(remembered).toEqual([]);
      // The room's own count (14) stops guesses from anywhere: 2 more, with the address count
      // cleared, reach it; the room's staff still enter (no password asked of them).
      await t.app.platform.counters.reset('room-pw:ip:127.0.0.1');
      for (let i = 0; i < 2; i++) {
        const v = await t.createUser();
        await expectError(guess(v.token, 'nope'), 403, INCORRECT);
      }
      await expectError(guess(w.token, PASSWORD), 429, TOO_MANY);
      expect((await guess(owner.token, 'anything')).uuid).toBe(room.uuid);
    } finally {
      await t.close();
    }
  });

  it('SEC-ROOMPW-2: a password longer than any room password is refused before hashing', async () => {
    const room = await passwordRoom();
    const u = await s.createUser();
    const raw = await RawSocket.open(s, u.token);
    const long = 'p'.repeat(101);
    const answer = await joinRoom(raw, { roomUuid: room.uuid, password: long });
    expect(answer.error).toBe(
      'Invalid params: password: Too big: expected string to have <=100 characters',
    );
    const guestAnswer = await joinRoom(raw, { roomUuid: room.uuid, guestPassword: long });
    expect(guestAnswer.error).toMatch(/^Invalid params: guestPassword: Too big/);
    await expectError(
      s.as(u.token).call(e.join, { params: { slug: room.slug }, body: { password: long } }),
      400,
      'password: Too big: expected string to have <=100 characters',
    );
    raw.close();
  });
});
