import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomEndpoints as e, type RoomDto } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { createRoom, expectInvalid, MANAGE_REFUSED, MISSING_TOKEN } from './testing';

/** docs/ROOM-RULES.md VOTE-PLAY-3: the room setting `dislikes` through the settings endpoints. */
type User = Awaited<ReturnType<TestServer['createUser']>>;

let s: TestServer;
let owner: User;
let plain: User;
let room: RoomDto;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.createUser();
  plain = await s.createUser();
  room = await createRoom(s, owner.token);
});
afterAll(() => s?.close());

describe('VOTE-PLAY-3: dislikes on, off or private', () => {
  it('a new room has dislikes on; a room may be created with them off', async () => {
    expect(room.dislikes).toBe('on');
    const off = await createRoom(s, owner.token, { dislikes: 'off' });
    expect(off.dislikes).toBe('off');
    const read = await s.as(plain.token).call(e.byUuid, { params: { uuid: off.uuid } });
    expect(read.dislikes).toBe('off');
  });

  it('the owner switches them (PATCH /rooms/{id}); the room reads them back', async () => {
    const as = s.as(owner.token);
    const id = room.uuid;
    expect(
      (await as.call(e.update, { params: { id }, body: { dislikes: 'private' } })).dislikes,
    ).toBe('private');
    expect((await as.call(e.update, { params: { id }, body: { dislikes: 'off' } })).dislikes).toBe(
      'off',
    );
    expect(
      (await as.call(e.update, { params: { id }, body: { name: 'Kind room' } })).dislikes,
    ).toBe('off');
    expect((await as.call(e.update, { params: { id }, body: { dislikes: 'on' } })).dislikes).toBe(
      'on',
    );
  });

  it('bad input 400, no token 401, someone who does not manage the room 403', async () => {
    const id = room.uuid;
    await expectInvalid(
      s.as(owner.token).call(e.update, { params: { id }, body: { dislikes: 'maybe' as never } }),
      'dislikes: Invalid option: expected one of "on"|"off"|"private"',
    );
    await expectError(
      s.client.call(e.update, { params: { id }, body: { dislikes: 'off' } }),
      401,
      MISSING_TOKEN,
    );
    await expectError(
      s.as(plain.token).call(e.update, { params: { id }, body: { dislikes: 'off' } }),
      403,
      MANAGE_REFUSED,
    );
    const after = await s.as(plain.token).call(e.byUuid, { params: { uuid: id } });
    expect(after.dislikes).toBe('on');
  });
});
