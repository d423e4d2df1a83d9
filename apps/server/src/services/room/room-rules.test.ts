import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEndpoints as audit,
  roomEndpoints,
  roomSettingsEndpoints as e,
  type ModerationActionDto,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../realtime/test-kit';
import { createRoom, expectInvalid, MANAGE_REFUSED, MISSING_TOKEN } from './testing';

/** docs/ROOM-RULES.md ROOM-RULES-5: PATCH /rooms/rules/{id}/infrastructure. */
type User = Awaited<ReturnType<TestServer['createUser']>>;
let s: TestServer;
let owner: User;
let plain: User;
let staff: User;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.createUser();
  plain = await s.createUser();
  staff = await s.createUser({ roles: ['user', 'moderator'] });
});
afterAll(async () => {
  await s?.close();
});

const setRules = (token: string | null, id: string, rules: Record<string, unknown>) =>
  s.as(token).call(e.rules, { params: { id }, body: { rules } as never });

describe('ROOM-RULES-5: setting the room rules', () => {
  it('ROOM-RULES-5: the owner sets rules; everyone sees them in the room info; null clears one', async () => {
    const room = await createRoom(s, owner.token);
    expect(room.rules).toBeUndefined();
    const lock = [plain.uuid, plain.uuid];
    const set = await setRules(owner.token, room.uuid, {
      maxSongSeconds: 360,
      noRepeatPlays: 10,
      boothLock: lock,
      dislikeSkipShare: 0.5,
    });
    expect(set.rules).toEqual({
      maxSongSeconds: 360,
      noRepeatPlays: 10,
      boothLock: [plain.uuid],
      dislikeSkipShare: 0.5,
    });
    const seen = await s.as(plain.token).call(roomEndpoints.get, { params: { id: room.slug } });
    expect(seen.rules?.maxSongSeconds).toBe(360);
    const cleared = await setRules(owner.token, room.uuid, { maxSongSeconds: null });
    expect(cleared.rules).toBeUndefined();
  });

  it('ROOM-RULES-5: a change of rules is recorded in the moderation log', async () => {
    const room = await createRoom(s, owner.token);
    await setRules(owner.token, room.uuid, { maxSongSeconds: 300 });
    let found: ModerationActionDto[] = [];
    await eventually(async () => {
      found = (
        await s.as(staff.token).call(audit.userActions, { params: { x: room.uuid }, query: {} })
      ).actions;
      expect(found.length).toBeGreaterThanOrEqual(1);
    }, 20_000);
    expect(found[0]).toMatchObject({
      actorUuid: owner.uuid,
      actionType: 'roomRulesChanged',
      roomUuid: room.uuid,
      source: 'recorded',
    });
    expect(JSON.parse(found[0].reason)).toEqual({ maxSongSeconds: 300 });
  });

  it('ROOM-RULES-5: bad input 400, no token 401, not a manager 403', async () => {
    const room = await createRoom(s, owner.token);
    await expectInvalid(
      setRules(owner.token, room.uuid, { maxSongSeconds: 5 }),
      'rules.maxSongSeconds: Too small: expected number to be >=30',
    );
    await expectError(setRules(owner.token, room.uuid, { boothLock: ['nope'] }), 400);
    await expectError(setRules(owner.token, room.uuid, { dislikeSkipShare: 2 }), 400);
    await expectError(setRules(null, room.uuid, { maxSongSeconds: 300 }), 401, MISSING_TOKEN);
    await expectError(
      setRules(plain.token, room.uuid, { maxSongSeconds: 300 }),
      403,
      MANAGE_REFUSED,
    );
  });

  it('ROOM-RULES-7/8/9: the new rules are kept and shown; values out of range are 400', async () => {
    const room = await createRoom(s, owner.token);
    const set = await setRules(owner.token, room.uuid, {
      afkDjMinutes: 10,
      newTracksOnly: true,
      boothFrozen: true,
      crossfadeSeconds: 4,
    });
    expect(set.rules).toEqual({
      afkDjMinutes: 10,
      newTracksOnly: true,
      boothFrozen: true,
      crossfadeSeconds: 4,
    });
    await expectInvalid(
      setRules(owner.token, room.uuid, { afkDjMinutes: 4 }),
      'rules.afkDjMinutes: Too small: expected number to be >=5',
    );
    await expectError(setRules(owner.token, room.uuid, { afkDjMinutes: 121 }), 400);
    await expectError(setRules(owner.token, room.uuid, { afkDjMinutes: 7.5 }), 400);
    await expectError(setRules(owner.token, room.uuid, { newTracksOnly: 'yes' }), 400);
    await expectError(setRules(owner.token, room.uuid, { crossfadeSeconds: 9 }), 400);
  });
});
