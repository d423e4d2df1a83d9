import { describe, expect, it } from 'vitest';
import { accessRefusal, can, refusalCode, type RoleGrant } from './can';

/** LIVE-AUDIO-2..4: who may talk, raise a hand, let in and cut, read from the access table. */

const owner = { uuid: 'owner', roles: ['user'] as const };
const co = { uuid: 'co', roles: ['user'] as const };
const mod = { uuid: 'mod', roles: ['user'] as const };
const dj = { uuid: 'dj', roles: ['user'] as const };
const fan = { uuid: 'fan', roles: ['user'] as const };
const guest = { uuid: 'guest', roles: ['guest'] as const };
const staffMod = { uuid: 'gm', roles: ['user', 'moderator'] as const };
const role = (userUuid: string, r: RoleGrant['role']): RoleGrant => ({
  userUuid,
  role: r,
  expirationTime: null,
});
const roomRoles = [role('owner', 'owner'), role('co', 'coOwner'), role('mod', 'moderator')];
const room = (
  extra: { djUuids?: string[]; voiceInvited?: string[]; roles?: RoleGrant[] } = {},
) => ({
  room: {
    roomRoles: [...roomRoles, ...(extra.roles ?? [])],
    djUuids: extra.djUuids ?? ['dj'],
    voiceInvited: extra.voiceInvited ?? [],
  },
});

describe('LIVE-AUDIO-2: who talks', () => {
  it('LIVE-AUDIO-2: the owner, co-owners and the DJs on stage talk; a listener, a room moderator and a guest do not', () => {
    expect([owner, co, dj].map((a) => can(a, 'room.voice.speak', room()))).toEqual([
      true,
      true,
      true,
    ]);
    expect([fan, mod, guest].map((a) => can(a, 'room.voice.speak', room()))).toEqual([
      false,
      false,
      false,
    ]);
    expect(can(dj, 'room.voice.speak', room({ djUuids: [] }))).toBe(false);
    expect(refusalCode('room.voice.speak', 'missing')).toBe('LIVE_AUDIO_SPEAK_FORBIDDEN');
  });

  it('LIVE-AUDIO-3: a listener a host let in talks; a ban or a mute takes it away', () => {
    expect(can(fan, 'room.voice.speak', room({ voiceInvited: ['fan'] }))).toBe(true);
    expect(
      accessRefusal(
        fan,
        'room.voice.speak',
        room({ voiceInvited: ['fan'], roles: [role('fan', 'banned')] }),
      ),
    ).toBe('room:banned');
    expect(
      accessRefusal(dj, 'room.voice.speak', room({ roles: [role('dj', 'chatDisabled')] })),
    ).toBe('room:chatDisabled');
  });
});

describe('LIVE-AUDIO-3, LIVE-AUDIO-4: hands, letting in, cutting', () => {
  it('LIVE-AUDIO-3: signed-in people raise a hand (not guests); only the owner and co-owners let in', () => {
    expect(can(fan, 'room.voice.hand', room())).toBe(true);
    expect(can(guest, 'room.voice.hand', room())).toBe(false);
    expect([owner, co, mod, fan].map((a) => can(a, 'room.voice.invite', room()))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('LIVE-AUDIO-4: room moderators, co-owners, the owner and platform moderators cut; listeners and DJs do not', () => {
    expect([owner, co, mod, staffMod].map((a) => can(a, 'room.voice.cut', room()))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect([fan, dj].map((a) => can(a, 'room.voice.cut', room()))).toEqual([false, false]);
    expect(refusalCode('room.voice.cut', 'missing')).toBe('LIVE_AUDIO_CUT_FORBIDDEN');
  });
});
