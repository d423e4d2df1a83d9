import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { OtherUserProfileResDto } from 'ttfm-socket/dist-client/types/services';
import { authEndpoints, profileEndpoints as e, type UserProfileDto } from '@tt/protocol';
import {
  expectError,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../../../../test/harness';
import type { DomainEvents } from '../../../platform/events';

let s: TestServer;
let guestToken: string;
beforeAll(async () => {
  s = await startTestServer();
  guestToken = (await s.client.call(authEndpoints.guest, {})).accessToken;
});
afterAll(() => s.close());

const ROLE_MESSAGE = 'You do not have the role this action needs';
const GUEST_MESSAGE = 'Guests cannot perform this action, please log in';
const TOKEN_MESSAGE = 'Unauthorized to perform action';

/**
 * Subscribes to 'user.profileUpdated'; once subscribed, answers `{ received }`, which resolves
 * with the first event for `uuid` (wrapped so that awaiting the subscription does not await the event).
 */
async function nextProfileEvent(uuid: string) {
  type Payload = DomainEvents['user.profileUpdated'];
  let resolve!: (p: Payload) => void;
  const received = new Promise<Payload>((r) => (resolve = r));
  const off = await s.app.platform.bus.subscribe('user.profileUpdated', (p) => {
    if (p.uuid === uuid) resolve(p);
  });
  return { received: received.finally(() => off()) };
}

async function deactivate(id: number) {
  await s.accounts.repo.update(id, { status: 'DEACTIVATED' });
}

it('public profile has the shape of OtherUserProfileResDto (ttfm-socket)', () => {
  expectTypeOf<UserProfileDto>().toExtend<OtherUserProfileResDto>();
});

describe('GET /users/profile', () => {
  it("answers the caller's own profile with private fields", async () => {
    const u = await s.createUser({ nickname: 'Owner' });
    const p = await s.as(u.token).call(e.ownProfile, {});
    expect(p).toMatchObject({
      uuid: u.uuid,
      id: u.id,
      nickname: 'Owner',
      email: u.email,
      emailVerified: true,
      roles: ['user'],
      tokenRole: 'user',
      capabilities: [],
      musicProviders: [],
      status: 'ACTIVE',
      isBot: false,
      hasPassword: true,
      color: '#562DF9',
      avatarId: 'default',
    });
  });

  it('answers a bot its uuid and avatarId (as the TTLIVE-discord-bot reads them)', async () => {
    const { user } = await s.accounts.createAccount({
      email: uniqueEmail('bot'),
      password: null,
      nickname: 'DJ Bot',
      roles: ['bot'],
      isBot: true,
      emailStatus: 'VERIFIED',
    });
    const token = await s.accounts.issueToken(user);
    const p = await s.as(token).call(e.ownProfile, {});
    expect(p.uuid).toBe(user.uuid);
    expect(p.avatarId).toBe('default');
    expect(p.isBot).toBe(true);
  });

  it('refuses a missing token (401) and a guest (403)', async () => {
    await expectError(s.client.call(e.ownProfile, {}), 401, TOKEN_MESSAGE);
    await expectError(s.as(guestToken).call(e.ownProfile, {}), 403, GUEST_MESSAGE);
  });
});

describe('POST /users/profile', () => {
  it('updates only the fields sent, answers the profile and publishes the public profile', async () => {
    const u = await s.createUser({ nickname: 'Before' });
    const event = await nextProfileEvent(u.uuid);
    const p = await s.as(u.token).call(e.updateProfile, {
      body: { nickname: '  After  ', color: '#112233', pronoun: 'they/them', priceForGig: 25 },
    });
    expect(p).toMatchObject({
      nickname: 'After',
      color: '#112233',
      pronoun: 'they/them',
      priceForGig: 25,
      avatarId: 'default',
      email: u.email,
    });
    const published = await event.received;
    expect(published.profile.nickname).toBe('After');
    expect(published.profile).not.toHaveProperty('email');

    const again = await s.as(u.token).call(e.updateProfile, { body: { zodiac: 'Leo' } });
    expect(again).toMatchObject({ nickname: 'After', zodiac: 'Leo', color: '#112233' });
    expect((await s.as(u.token).call(e.ownProfile, {})).zodiac).toBe('Leo');
  });

  it('keeps the song of the week and normalizes social links', async () => {
    const u = await s.createUser();
    const song = { trackName: 'Song', artistName: 'Artist', isrc: 'USX9P0000001' };
    const p = await s.as(u.token).call(e.updateProfile, {
      body: { songOfTheWeek: 'Song — Artist', song, instagram: 'https://instagram.com/dj.me/' },
    });
    expect(p.song).toEqual(song);
    expect(p.instagram).toBe('dj.me');
  });

  it('allows the same nickname on two accounts', async () => {
    const a = await s.createUser();
    const b = await s.createUser();
    await s.as(a.token).call(e.updateProfile, { body: { nickname: 'Twin' } });
    const p = await s.as(b.token).call(e.updateProfile, { body: { nickname: 'Twin' } });
    expect(p.nickname).toBe('Twin');
  });

  it('refuses bad input with the failing field named', async () => {
    const u = await s.createUser();
    const c = s.as(u.token);
    await expectError(
      c.call(e.updateProfile, { body: { nickname: '   ' } }),
      400,
      'nickname: Too small: expected string to have >=1 characters',
    );
    await expectError(
      c.call(e.updateProfile, { body: { nickname: 'x'.repeat(41) } }),
      400,
      'nickname: Too big: expected string to have <=40 characters',
    );
    await expectError(
      c.call(e.updateProfile, { body: { color: 'red' } }),
      400,
      'color: must be a colour like #562DF9',
    );
    await expectError(
      c.call(e.updateProfile, { body: { email: 'x@y.z' } as never }),
      400,
      'body: Unrecognized key: "email"',
    );
    await expectError(
      c.call(e.updateProfile, { body: { priceForGig: 1.5 } }),
      400,
      'priceForGig: must be a whole number',
    );
    await expectError(
      c.call(e.updateProfile, { body: { song: { blob: 'x'.repeat(5000) } } }),
      400,
      'song: must be at most 4 KB of JSON',
    );
    await expectError(
      c.call(e.updateProfile, { body: { twitter: 'https://instagram.com/someone' } }),
      400,
      'twitter: not a valid Twitter/X handle or profile URL',
    );
  });

  it('refuses a missing token (401) and a guest (403)', async () => {
    await expectError(s.client.call(e.updateProfile, { body: { zodiac: 'Leo' } }), 401);
    await expectError(
      s.as(guestToken).call(e.updateProfile, { body: { zodiac: 'Leo' } }),
      403,
      GUEST_MESSAGE,
    );
  });
});

describe('GET /profile/{id}', () => {
  it('answers the public profile by uuid or numeric id, without a token', async () => {
    const u = await s.createUser({ nickname: 'Public' });
    const byUuid = await s.client.call(e.publicProfile, { params: { id: u.uuid } });
    expect(byUuid).toMatchObject({ uuid: u.uuid, id: u.id, nickname: 'Public' });
    expect(byUuid).not.toHaveProperty('email');
    expect(byUuid).not.toHaveProperty('roles');
    const byId = await s.client.call(e.publicProfile, { params: { id: String(u.id) } });
    expect(byId.uuid).toBe(u.uuid);
  });

  it('answers 404 for unknown and deactivated accounts', async () => {
    await expectError(
      s.client.call(e.publicProfile, { params: { id: '00000000-0000-4000-8000-000000000000' } }),
      404,
      'User profile not found.',
    );
    await expectError(
      s.client.call(e.publicProfile, { params: { id: 'not-an-id' } }),
      404,
      'User profile not found.',
    );
    const u = await s.createUser();
    await deactivate(u.id);
    await expectError(
      s.client.call(e.publicProfile, { params: { id: u.uuid } }),
      404,
      'User profile not found.',
    );
  });
});

describe('GET /profile/{id}/service', () => {
  it('answers private fields to a service role, deactivated accounts included', async () => {
    const staff = await s.createUser({ roles: ['user', 'staff'] });
    const u = await s.createUser();
    await deactivate(u.id);
    const p = await s.as(staff.token).call(e.serviceProfile, { params: { id: u.uuid } });
    expect(p).toMatchObject({ uuid: u.uuid, email: u.email, status: 'DEACTIVATED' });
    const byId = await s.as(staff.token).call(e.serviceProfile, { params: { id: String(u.id) } });
    expect(byId.uuid).toBe(u.uuid);
    await expectError(
      s.as(staff.token).call(e.serviceProfile, { params: { id: '999999' } }),
      404,
      'User profile not found.',
    );
  });

  it('refuses a plain user (403) and a missing token (401)', async () => {
    const u = await s.createUser();
    await expectError(
      s.as(u.token).call(e.serviceProfile, { params: { id: u.uuid } }),
      403,
      ROLE_MESSAGE,
    );
    await expectError(s.client.call(e.serviceProfile, { params: { id: u.uuid } }), 401);
  });
});

describe('GET /users/profiles', () => {
  it('answers public profiles in the order asked, leaving out unknown and deactivated ones', async () => {
    const a = await s.createUser();
    const b = await s.createUser();
    const gone = await s.createUser();
    await deactivate(gone.id);
    const list = await s.client.call(e.profiles, {
      query: {
        users: [b.uuid, '00000000-0000-4000-8000-000000000000', gone.uuid, a.uuid, b.uuid],
      },
    });
    expect(list.map((p) => p.uuid)).toEqual([b.uuid, a.uuid]);
    expect(list[0]).not.toHaveProperty('email');
    const one = await s.client.call(e.profiles, { query: { users: a.uuid } });
    expect(one.map((p) => p.uuid)).toEqual([a.uuid]);
  });

  it('needs at least one user and at most 100', async () => {
    await expectError(s.client.call(e.profiles, {}), 400, 'users: name at least one user');
    const many = Array.from({ length: 101 }, () => '00000000-0000-4000-8000-000000000000');
    await expectError(
      s.client.call(e.profiles, { query: { users: many } }),
      400,
      'users: at most 100 users per request',
    );
  });
});

describe('GET /users/user/{id}', () => {
  it("answers another account's public profile", async () => {
    const me = await s.createUser();
    const other = await s.createUser({ nickname: 'Other' });
    const p = await s.as(me.token).call(e.userProfile, { params: { id: other.uuid } });
    expect(p).toMatchObject({ uuid: other.uuid, nickname: 'Other' });
    expect(p).not.toHaveProperty('email');
    await expectError(
      s.as(me.token).call(e.userProfile, { params: { id: '999999' } }),
      404,
      'User profile not found.',
    );
  });

  it('refuses a missing token (401) and a guest (403)', async () => {
    const u = await s.createUser();
    await expectError(s.client.call(e.userProfile, { params: { id: u.uuid } }), 401);
    await expectError(
      s.as(guestToken).call(e.userProfile, { params: { id: u.uuid } }),
      403,
      GUEST_MESSAGE,
    );
  });
});

describe('GET /users/capabilities', () => {
  it("answers the caller's capabilities", async () => {
    const u = await s.createUser();
    expect(await s.as(u.token).call(e.capabilities, {})).toEqual({ capabilities: [] });
    await s.accounts.repo.update(u.id, { capabilities: ['uploadMusic'] });
    expect(await s.as(u.token).call(e.capabilities, {})).toEqual({
      capabilities: ['uploadMusic'],
    });
  });

  it('refuses a missing token (401) and a guest (403)', async () => {
    await expectError(s.client.call(e.capabilities, {}), 401);
    await expectError(s.as(guestToken).call(e.capabilities, {}), 403, GUEST_MESSAGE);
  });
});

describe('user-data', () => {
  it('starts empty and is replaced by PUT', async () => {
    const u = await s.createUser();
    const c = s.as(u.token);
    expect(await c.call(e.getUserData, {})).toEqual({});
    const first = { theme: 'dark', volume: 70, nested: { a: [1, 2] } };
    expect(await c.call(e.putUserData, { body: first })).toEqual(first);
    expect(await c.call(e.putUserData, { body: { lang: 'es' } })).toEqual({ lang: 'es' });
    expect(await c.call(e.getUserData, {})).toEqual({ lang: 'es' });
  });

  it('refuses a body that is not an object, or larger than 16 KB', async () => {
    const u = await s.createUser();
    const c = s.as(u.token);
    await expectError(
      c.call(e.putUserData, { body: [1, 2] as never }),
      400,
      'body: must be a JSON object',
    );
    await expectError(
      c.call(e.putUserData, { body: 'text' as never }),
      400,
      'body: must be a JSON object',
    );
    await expectError(
      c.call(e.putUserData, { body: { blob: 'x'.repeat(17 * 1024) } }),
      400,
      'User data is too large (at most 16 KB)',
    );
  });

  it('refuses a missing token (401) and a guest (403)', async () => {
    await expectError(s.client.call(e.getUserData, {}), 401);
    await expectError(s.client.call(e.putUserData, { body: {} }), 401);
    await expectError(s.as(guestToken).call(e.getUserData, {}), 403, GUEST_MESSAGE);
    await expectError(s.as(guestToken).call(e.putUserData, { body: {} }), 403, GUEST_MESSAGE);
  });
});

describe('POST /users/user-socials', () => {
  it('stores handles from handles or profile URLs, and publishes the change', async () => {
    const u = await s.createUser();
    const event = await nextProfileEvent(u.uuid);
    const p = await s.as(u.token).call(e.userSocials, {
      body: {
        facebook: 'https://www.facebook.com/profile.php?id=100012345',
        instagram: '@dj.someone',
        twitter: 'https://x.com/djsome?lang=en',
        snapchat: 'snapchat.com/add/dj_snap',
        tiktok: 'https://www.tiktok.com/@dj.tok',
      },
    });
    expect(p).toMatchObject({
      facebook: '100012345',
      instagram: 'dj.someone',
      twitter: 'djsome',
      snapchat: 'dj_snap',
      tiktok: 'dj.tok',
      email: u.email,
    });
    expect((await event.received).profile.tiktok).toBe('dj.tok');

    const cleared = await s.as(u.token).call(e.userSocials, { body: { twitter: '' } });
    expect(cleared).toMatchObject({ twitter: '', instagram: 'dj.someone' });
  });

  it('refuses a URL of another network, a bad handle, a long value or an unknown network', async () => {
    const u = await s.createUser();
    const c = s.as(u.token);
    await expectError(
      c.call(e.userSocials, { body: { tiktok: 'https://instagram.com/x' } }),
      400,
      'tiktok: not a valid TikTok handle or profile URL',
    );
    await expectError(
      c.call(e.userSocials, { body: { instagram: 'has spaces' } }),
      400,
      'instagram: not a valid Instagram handle or profile URL',
    );
    await expectError(
      c.call(e.userSocials, { body: { facebook: 'x'.repeat(101) } }),
      400,
      'facebook: Too big: expected string to have <=100 characters',
    );
    await expectError(
      c.call(e.userSocials, { body: { myspace: 'tom' } as never }),
      400,
      'body: Unrecognized key: "myspace"',
    );
  });

  it('refuses a missing token (401) and a guest (403)', async () => {
    await expectError(s.client.call(e.userSocials, { body: { twitter: 'a' } }), 401);
    await expectError(
      s.as(guestToken).call(e.userSocials, { body: { twitter: 'a' } }),
      403,
      GUEST_MESSAGE,
    );
  });
});

describe('music providers', () => {
  it('keeps the preference order given', async () => {
    const u = await s.createUser();
    const c = s.as(u.token);
    expect(await c.call(e.getMusicProviders, {})).toEqual({ musicProviders: [] });
    const order = ['spotify', 'youtube', 'apple'] as const;
    expect(await c.call(e.putMusicProviders, { body: { musicProviders: [...order] } })).toEqual({
      musicProviders: order,
    });
    expect(await c.call(e.getMusicProviders, {})).toEqual({ musicProviders: order });
    expect((await c.call(e.ownProfile, {})).musicProviders).toEqual(order);
  });

  it('refuses a repeated or unknown provider', async () => {
    const u = await s.createUser();
    const c = s.as(u.token);
    await expectError(
      c.call(e.putMusicProviders, { body: { musicProviders: ['spotify', 'spotify'] } }),
      400,
      'musicProviders: must not list a provider twice',
    );
    await expectError(
      c.call(e.putMusicProviders, { body: { musicProviders: ['qobuz'] as never } }),
      400,
      /^musicProviders\.0: /,
    );
    await expectError(c.call(e.putMusicProviders, { body: {} as never }), 400, /^musicProviders: /);
  });

  it('refuses a missing token (401) and a guest (403)', async () => {
    await expectError(s.client.call(e.getMusicProviders, {}), 401);
    await expectError(s.client.call(e.putMusicProviders, { body: { musicProviders: [] } }), 401);
    await expectError(s.as(guestToken).call(e.getMusicProviders, {}), 403, GUEST_MESSAGE);
  });
});

describe('service profile routes', () => {
  it('lists every account oldest first with the total, paged by take/skip', async () => {
    const staff = await s.createUser({ roles: ['user', 'staff'] });
    const c = s.as(staff.token);
    const all = await c.call(e.allUserProfiles, { query: { take: 1000 } });
    expect(all.total).toBe(all.profiles.length);
    const ids = all.profiles.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(all.profiles[0]).toHaveProperty('email');
    const page = await c.call(e.allUserProfiles, { query: { take: 2, skip: 1 } });
    expect(page.total).toBe(all.total);
    expect(page.profiles.map((p) => p.id)).toEqual(ids.slice(1, 3));
  });

  it('lists the most recently updated first, optionally since an instant', async () => {
    const staff = await s.createUser({ roles: ['user', 'staff'] });
    const u = await s.createUser();
    const before = await s.as(staff.token).call(e.updatedUserProfiles, { query: { take: 1 } });
    const since = before.profiles[0].updatedAt;
    await s.as(u.token).call(e.updateProfile, { body: { zodiac: 'Virgo' } });
    const latest = await s.as(staff.token).call(e.updatedUserProfiles, { query: { take: 5 } });
    expect(latest.profiles[0].uuid).toBe(u.uuid);
    const stamps = latest.profiles.map((p) => p.updatedAt);
    expect(stamps).toEqual([...stamps].sort().reverse());
    const recent = await s
      .as(staff.token)
      .call(e.updatedUserProfiles, { query: { since, take: 100 } });
    expect(recent.profiles.map((p) => p.uuid)).toContain(u.uuid);
    expect(recent.total).toBeLessThan(latest.total);
    expect(recent.profiles.every((p) => p.updatedAt >= since)).toBe(true);
  });

  it('answers one account with private fields', async () => {
    const staff = await s.createUser({ roles: ['user', 'staff'] });
    const u = await s.createUser();
    const p = await s.as(staff.token).call(e.serviceUserProfile, { params: { id: u.uuid } });
    expect(p).toMatchObject({ uuid: u.uuid, email: u.email });
    await expectError(
      s.as(staff.token).call(e.serviceUserProfile, { params: { id: 'nobody' } }),
      404,
      'User profile not found.',
    );
  });

  it('refuses bad paging', async () => {
    const staff = await s.createUser({ roles: ['user', 'staff'] });
    await expectError(
      s.as(staff.token).call(e.allUserProfiles, { query: { take: 0 } }),
      400,
      /^take: /,
    );
    await expectError(
      s.as(staff.token).call(e.updatedUserProfiles, { query: { since: 'yesterday' } }),
      400,
      /^since: /,
    );
  });

  it('refuses a plain user (403) and a missing token (401)', async () => {
    const u = await s.createUser();
    const c = s.as(u.token);
    await expectError(c.call(e.allUserProfiles, {}), 403, ROLE_MESSAGE);
    await expectError(c.call(e.updatedUserProfiles, {}), 403, ROLE_MESSAGE);
    await expectError(c.call(e.serviceUserProfile, { params: { id: u.uuid } }), 403, ROLE_MESSAGE);
    await expectError(s.client.call(e.allUserProfiles, {}), 401);
    await expectError(s.client.call(e.updatedUserProfiles, {}), 401);
    await expectError(s.client.call(e.serviceUserProfile, { params: { id: u.uuid } }), 401);
  });
});
