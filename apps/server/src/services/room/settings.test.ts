import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  moderationEndpoints,
  roomAdminEndpoints as admin,
  roomRoleEndpoints as roles,
  roomSettingsEndpoints as e,
  type RoomDto,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import {
  createRoom,
  expectInvalid,
  MANAGE_REFUSED,
  MISSING_TOKEN,
  MODERATE_REFUSED,
  nextEvent,
  recordEvents,
  ROOM_NOT_FOUND,
  UNKNOWN_UUID,
} from './testing';

type User = Awaited<ReturnType<TestServer['createUser']>>;

let s: TestServer;
let owner: User;
let roomMod: User;
let plain: User;
let adminUser: User;
let room: RoomDto;

beforeAll(async () => {
  s = await startTestServer();
  owner = await s.createUser();
  roomMod = await s.createUser();
  plain = await s.createUser();
  adminUser = await s.createUser({ roles: ['user', 'admin'] });
  room = await createRoom(s, owner.token);
  await s.as(owner.token).call(roles.create, {
    params: { roomId: room.uuid },
    body: { userUuid: roomMod.uuid, role: 'moderator' },
  });
});
afterAll(() => s.close());

/** A valid 1×1 PNG (posters are decoded and encoded again: SEC-IMAGE-1). */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6308d3fdf91f0004d5027c341312790000000049454e44ae426082',
  'hex',
);

function posterForm(file?: Buffer): FormData {
  const fd = new FormData();
  fd.append('note', 'ignored');
  if (file) fd.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'p.png');
  return fd;
}

describe('POST /rooms/{id}/pinned-messages', () => {
  const message = {
    id: 'm1',
    message: 'Welcome!',
    userUuid: '0e0a6f3c-1111-4222-8333-944445555666',
  };

  it('lets the room moderators replace the pinned messages, and announces it', async () => {
    const event = await nextEvent(s, 'room.settingsUpdated', (p) => p.roomUuid === room.uuid);
    const res = await s.as(roomMod.token).call(e.pinnedMessages, {
      params: { id: room.slug },
      body: {
        pinnedMessages: [message, { ...message, id: 'm2', pinnedAt: '2030-01-01T00:00:00Z' }],
      },
    });
    expect(res.pinnedMessages).toEqual([
      { ...message, pinnedAt: expect.any(String) },
      { ...message, id: 'm2', pinnedAt: '2030-01-01T00:00:00.000Z' },
    ]);
    expect(await event.received).toEqual({ roomUuid: room.uuid, slugChanged: false });
    const cleared = await s.as(owner.token).call(e.pinnedMessages, {
      params: { id: room.uuid },
      body: { pinnedMessages: [] },
    });
    expect(cleared.pinnedMessages).toEqual([]);
  });

  it('refuses more than 5, an empty message, others and a missing token', async () => {
    await expectInvalid(
      s.as(owner.token).call(e.pinnedMessages, {
        params: { id: room.uuid },
        body: {
          pinnedMessages: Array.from({ length: 6 }, (_, i) => ({ ...message, id: `m${i}` })),
        },
      }),
      'pinnedMessages: at most 5 pinned messages',
    );
    await expectInvalid(
      s.as(owner.token).call(e.pinnedMessages, {
        params: { id: room.uuid },
        body: { pinnedMessages: [{ ...message, message: '  ' }] },
      }),
      'pinnedMessages.0.message: must not be empty',
    );
    await expectError(
      s
        .as(plain.token)
        .call(e.pinnedMessages, { params: { id: room.uuid }, body: { pinnedMessages: [] } }),
      403,
      MODERATE_REFUSED,
    );
    await expectError(
      s.client.call(e.pinnedMessages, { params: { id: room.uuid }, body: { pinnedMessages: [] } }),
      401,
      MISSING_TOKEN,
    );
  });
});

describe('POST, DELETE /rooms/{id}/poster and GET /rooms/{id}/poster/image', () => {
  it('stores a poster, serves its bytes, replaces and deletes it', async () => {
    const first = await s.as(owner.token).call(e.uploadPoster, {
      params: { id: room.uuid },
      body: posterForm(PNG) as never,
    });
    expect(first.posterUrl).toMatch(
      new RegExp(`^/api/room-service/rooms/${room.uuid}/poster/image\\?v=[0-9a-f]{8}$`),
    );
    const res = await fetch(`${s.url}${first.posterUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    // Encoded again (SEC-IMAGE-1): the same single pixel.
    const served = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(served).toMatchObject({ format: 'png', width: 1, height: 1 });

    const second = await s.as(owner.token).call(e.uploadPoster, {
      params: { id: room.slug },
      body: posterForm(PNG) as never,
    });
    expect(second.posterUrl).not.toBe(first.posterUrl);
    const dir = path.join(s.dataDir, 'uploads', 'posters', room.uuid);
    expect(await fs.readdir(dir)).toHaveLength(1);

    const cleared = await s.as(owner.token).call(e.deletePoster, { params: { id: room.uuid } });
    expect(cleared.posterUrl).toBeNull();
    expect(await fs.readdir(dir)).toHaveLength(0);
    await expectError(
      s.client.call(e.posterImage, { params: { id: room.uuid } }),
      404,
      'This room has no poster.',
    );
    await expectError(
      s.as(owner.token).call(e.deletePoster, { params: { id: room.uuid } }),
      404,
      'This room has no poster.',
    );
  });

  it('refuses a missing file, a file that is not an image, others and a missing token', async () => {
    await expectError(
      s
        .as(owner.token)
        .call(e.uploadPoster, { params: { id: room.uuid }, body: posterForm() as never }),
      400,
      'An image file is required',
    );
    await expectError(
      s.as(owner.token).call(e.uploadPoster, {
        params: { id: room.uuid },
        body: posterForm(Buffer.from('not an image at all')) as never,
      }),
      415,
      'Only PNG, JPEG, WebP and GIF images are allowed',
    );
    await expectError(
      s
        .as(roomMod.token)
        .call(e.uploadPoster, { params: { id: room.uuid }, body: posterForm(PNG) as never }),
      403,
      MANAGE_REFUSED,
    );
    await expectError(
      s.as(plain.token).call(e.deletePoster, { params: { id: room.uuid } }),
      403,
      MANAGE_REFUSED,
    );
    await expectError(
      s.client.call(e.uploadPoster, { params: { id: room.uuid }, body: posterForm(PNG) as never }),
      401,
      MISSING_TOKEN,
    );
    await expectError(
      s.client.call(e.deletePoster, { params: { id: room.uuid } }),
      401,
      MISSING_TOKEN,
    );
    await expectError(
      s.client.call(e.posterImage, { params: { id: UNKNOWN_UUID } }),
      404,
      ROOM_NOT_FOUND,
    );
  });
});

describe('POST /rooms/{id}/externalUrl', () => {
  it('sets and clears an http(s) link', async () => {
    const set = await s.as(owner.token).call(e.externalUrl, {
      params: { id: room.uuid },
      body: { externalUrl: 'https://example.com/live' },
    });
    expect(set.externalUrl).toBe('https://example.com/live');
    const cleared = await s.as(owner.token).call(e.externalUrl, {
      params: { id: room.uuid },
      body: { externalUrl: null },
    });
    expect(cleared.externalUrl).toBeNull();
  });

  it('refuses other schemes, others and a missing token', async () => {
    await expectInvalid(
      s.as(owner.token).call(e.externalUrl, {
        params: { id: room.uuid },
        body: { externalUrl: 'javascript:alert(1)' },
      }),
      'externalUrl: must be an http(s) URL',
    );
    await expectError(
      s
        .as(plain.token)
        .call(e.externalUrl, { params: { id: room.uuid }, body: { externalUrl: null } }),
      403,
      MANAGE_REFUSED,
    );
    await expectError(
      s.client.call(e.externalUrl, { params: { id: room.uuid }, body: { externalUrl: null } }),
      401,
      MISSING_TOKEN,
    );
  });
});

describe('PATCH /rooms/…/{id}/infrastructure', () => {
  it('sets DJ type, live audio, live state and DJ seats, announcing each change', async () => {
    const { events, stop } = await recordEvents(s, 'room.settingsUpdated');
    const id = room.uuid;
    const as = s.as(owner.token);
    expect(
      (await as.call(e.djType, { params: { id }, body: { djType: 'INVITE_ONLY' } })).djType,
    ).toBe('INVITE_ONLY');
    expect(
      (await as.call(e.liveAudio, { params: { id }, body: { liveAudio: true } })).liveAudio,
    ).toBe(true);
    expect((await as.call(e.liveState, { params: { id }, body: { isLive: false } })).isLive).toBe(
      false,
    );
    expect(
      (await as.call(e.djSeats, { params: { id }, body: { numberOfDjs: 2 } })).numberOfDjs,
    ).toBe(2);
    await as.call(e.liveState, { params: { id }, body: { isLive: true } });
    await expect.poll(() => events.filter((p) => p.roomUuid === id).length).toBe(5);
    await stop();
  });

  it('refuses bad values, others and a missing token', async () => {
    const id = room.uuid;
    await expectInvalid(
      s.as(owner.token).call(e.djSeats, { params: { id }, body: { numberOfDjs: 0 } }),
      'numberOfDjs: Too small: expected number to be >=1',
    );
    await expectInvalid(
      s.as(owner.token).call(e.djType, { params: { id }, body: { djType: 'ANYONE' as never } }),
      'djType: Invalid option: expected one of "EVERYONE"|"INVITE_ONLY"|"PRO_PLAN_OWNER"',
    );
    for (const [def, body] of [
      [e.djType, { djType: 'EVERYONE' }],
      [e.liveAudio, { liveAudio: false }],
      [e.liveState, { isLive: true }],
      [e.djSeats, { numberOfDjs: 3 }],
    ] as const) {
      await expectError(
        s.as(roomMod.token).call(def, { params: { id }, body } as never),
        403,
        MANAGE_REFUSED,
      );
      await expectError(s.client.call(def, { params: { id }, body } as never), 401, MISSING_TOKEN);
    }
  });

  it('promotes with the promoteRoom capability or as an admin, not as the owner', async () => {
    const promoter = await s.createUser();
    const mod = await s.createUser({ roles: ['user', 'moderator'] });
    await s.as(mod.token).call(moderationEndpoints.addCapability, {
      params: { id: promoter.uuid, capability: 'promoteRoom' },
    });
    const promote = (token: string, promoted: boolean) =>
      s.as(token).call(e.promote, { params: { id: room.uuid }, body: { promoted } });
    expect((await promote(promoter.token, true)).promoted).toBe(true);
    expect((await promote(adminUser.token, false)).promoted).toBe(false);
    await expectError(
      promote(owner.token, true),
      403,
      'Promoting rooms needs the promoteRoom capability.',
    );
    await expectInvalid(
      s.as(adminUser.token).call(e.promote, { params: { id: room.uuid }, body: {} as never }),
      'promoted: Invalid input: expected boolean, received undefined',
    );
    await expectError(
      s
        .as(adminUser.token)
        .call(e.promote, { params: { id: UNKNOWN_UUID }, body: { promoted: true } }),
      404,
      ROOM_NOT_FOUND,
    );
  });
});

describe('POST, DELETE /rooms/admin/guest-password', () => {
  it('sets and clears the guest password', async () => {
    const set = await s.as(owner.token).call(e.setGuestPassword, {
      body: { roomUuid: room.uuid, password: 'guests-only' },
    });
    expect(set.isGuestPasswordProtected).toBe(true);
    const cleared = await s
      .as(owner.token)
      .call(e.clearGuestPassword, { body: { roomUuid: room.uuid } });
    expect(cleared.isGuestPasswordProtected).toBe(false);
  });

  it('refuses an empty password, others and a missing token', async () => {
    await expectInvalid(
      s.as(owner.token).call(e.setGuestPassword, { body: { roomUuid: room.uuid, password: '' } }),
      'password: Too small: expected string to have >=1 characters',
    );
    await expectError(
      s.as(plain.token).call(e.setGuestPassword, { body: { roomUuid: room.uuid, password: 'x' } }),
      403,
      MANAGE_REFUSED,
    );
    await expectError(
      s.as(plain.token).call(e.clearGuestPassword, { body: { roomUuid: room.uuid } }),
      403,
      MANAGE_REFUSED,
    );
    await expectError(
      s.client.call(e.clearGuestPassword, { body: { roomUuid: room.uuid } }),
      401,
      MISSING_TOKEN,
    );
  });
});

describe('DELETE /rooms/conversation/{id} and POST /rooms/discord/{guildId}', () => {
  it('detaches the conversation and attaches a Discord server', async () => {
    expect(
      await s.as(owner.token).call(e.clearConversation, { params: { id: room.uuid } }),
    ).toEqual({ success: true });
    await s.as(owner.token).call(e.attachDiscord, {
      params: { guildId: '123456789' },
      body: { roomUuid: room.uuid },
    });
    const view = await s.as(adminUser.token).call(admin.get, { params: { id: room.uuid } });
    expect(view).toMatchObject({ discordGuildId: '123456789', conversationId: null });
  });

  it('refuses bad input, others and a missing token', async () => {
    await expectInvalid(
      s
        .as(owner.token)
        .call(e.attachDiscord, { params: { guildId: '1' }, body: { roomUuid: room.uuid } }),
      'guildId: must be a Discord server id (digits)',
    );
    await expectError(
      s
        .as(plain.token)
        .call(e.attachDiscord, { params: { guildId: '123456' }, body: { roomUuid: room.uuid } }),
      403,
      MANAGE_REFUSED,
    );
    await expectError(
      s.as(roomMod.token).call(e.clearConversation, { params: { id: room.uuid } }),
      403,
      MANAGE_REFUSED,
    );
    await expectError(
      s.client.call(e.clearConversation, { params: { id: room.uuid } }),
      401,
      MISSING_TOKEN,
    );
    await expectError(
      s.client.call(e.attachDiscord, {
        params: { guildId: '123456' },
        body: { roomUuid: room.uuid },
      }),
      401,
      MISSING_TOKEN,
    );
  });
});
