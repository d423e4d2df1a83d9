import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  avatarEndpoints as a,
  paymentEndpoints,
  profileEndpoints,
  serviceBase,
  type CreateAvatarReq,
} from '@tt/protocol';
import { BUILTIN_AVATARS } from '@tt/rules';
import type Stripe from 'stripe';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../../test/fakes/stripe';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { createRoom, RoomClient } from '../../realtime/test-kit';

/** Avatars: the catalogue, the picker's locks, wearing, giving out (AVATAR-* in POINTS-RULES.md). */
let s: TestServer;
let stripe: FakeStripe;
let admin: { uuid: string; token: string };

beforeAll(async () => {
  stripe = await startFakeStripe();
  s = await startTestServer(stripeEnv(stripe));
  stripe.webhookUrl = `${s.url}${serviceBase('payment')}/webhook`;
  admin = await s.createUser({ roles: ['admin'] });
});
afterAll(async () => {
  await s?.close();
  await stripe?.close();
});

const wear = (token: string, avatarId: string) =>
  s.as(token).call(profileEndpoints.updateProfile, { body: { avatarId } });
const wearing = async (uuid: string) =>
  (await s.client.call(profileEndpoints.publicProfile, { params: { id: uuid } })).avatarId;
const guestToken = async () => (await s.client.call(authEndpoints.guest, {})).accessToken;

const art: CreateAvatarReq['art'] = {
  body: 'classic',
  head: 'round',
  hair: 'bun',
  outfit: 'tee',
  accessory: 'star',
  skin: '#f1c27d',
  hairColor: '#222222',
  outfitColor: '#ff0000',
  accent: '#00ff00',
};

describe('the catalogue', () => {
  it('AVATAR-ART-1: holds the 26 built-in characters, each drawn from layers', async () => {
    const all = await s.client.call(a.all, {});
    expect(all.length).toBeGreaterThanOrEqual(26);
    for (const b of BUILTIN_AVATARS) {
      expect(all.find((x) => x.slug === b.slug)).toMatchObject({ art: b.art, name: b.name });
    }
    const one = await s.client.call(a.bySlug, { params: { slug: 'DISCO-DOT' } });
    expect(one.visibility).toBe('PUBLIC');
    await expectError(s.client.call(a.bySlug, { params: { slug: 'nope-nope' } }), 404);
    const pro = await s.client.call(a.subscriber, {});
    expect(pro.map((x) => x.slug).sort()).toEqual(
      ['pro-chrome', 'pro-neon', 'pro-platinum', 'pro-velvet'].sort(),
    );
  });

  it('AVATAR-WEAR-2: the picker shows what unlocks each locked one and hides private ones', async () => {
    const u = await s.createUser();
    const mine = await s.as(u.token).call(a.mine, {});
    const lock = (slug: string) => mine.find((x) => x.slug === slug)?.lock;
    expect(lock('disco-dot')).toBeNull();
    expect(lock('pro-neon')).toBe('SUBSCRIBE');
    expect(lock('season-gold')).toBe('SEASON_RANK');
    expect(mine.some((x) => x.slug === 'staff-crew' || x.slug === 'discord-buddy')).toBe(false);
    await expectError(s.client.call(a.mine, {}), 401);
    await expectError(s.as(await guestToken()).call(a.mine, {}), 403);
    const holding = await s.as(u.token).call(a.holding, {
      params: { userUuid: u.uuid, slug: 'pro-neon' },
    });
    expect(holding).toEqual({
      userUuid: u.uuid,
      slug: 'pro-neon',
      wearable: false,
      lock: 'SUBSCRIBE',
    });
    await expectError(
      s.as(u.token).call(a.holding, { params: { userUuid: 'not-a-uuid', slug: 'x' } }),
      400,
    );
  });

  it('AVATAR-WEAR-1: a person wears a public avatar, not a locked or unknown one', async () => {
    const u = await s.createUser();
    expect((await wear(u.token, 'disco-dot')).avatarId).toBe('disco-dot');
    expect(await wearing(u.uuid)).toBe('disco-dot');
    await expectError(wear(u.token, 'pro-neon'), 403, 'You cannot wear this avatar yet.');
    await expectError(wear(u.token, 'season-gold'), 403);
    await expectError(wear(u.token, 'no-such-avatar'), 403);
    expect((await wear(u.token, 'default')).avatarId).toBe('default');
  });
});

describe('admins', () => {
  it('add, change and remove avatars; the wearers of a removed one go back to the default', async () => {
    const created = await s.as(admin.token).call(a.create, {
      body: { slug: 'Test-Star', name: 'Test Star', art },
    });
    expect(created).toMatchObject({ slug: 'test-star', visibility: 'PUBLIC', discordOnly: false });
    await expectError(
      s.as(admin.token).call(a.create, { body: { slug: 'test-star', name: 'Again', art } }),
      409,
      'An avatar with this slug exists already.',
    );
    await expectError(
      s.as(admin.token).call(a.create, {
        body: { slug: 'bad', name: 'Bad', art: { ...art, hair: 'wig' as never } },
      }),
      400,
    );
    const u = await s.createUser();
    await expectError(
      s.as(u.token).call(a.create, { body: { slug: 'mine-1', name: 'x', art } }),
      403,
    );
    await wear(u.token, 'test-star');
    const changed = await s.as(admin.token).call(a.update, {
      params: { id: created.id },
      body: { name: 'Test Star II', description: 'Shiny' },
    });
    expect(changed).toMatchObject({ name: 'Test Star II', slug: 'test-star' });
    const page = await s.as(admin.token).call(a.adminList, {
      query: { filter: 'slug||$eq||test-star' },
    });
    expect(page.data.map((x) => x.slug)).toEqual(['test-star']);
    await expectError(s.as(u.token).call(a.adminList, { query: {} }), 403);
    expect((await s.as(admin.token).call(a.remove, { params: { id: created.id } })).success).toBe(
      true,
    );
    expect(await wearing(u.uuid)).toBe('default');
    await expectError(s.as(admin.token).call(a.adminGet, { params: { id: created.id } }), 404);
    await expectError(s.as(admin.token).call(a.remove, { params: { id: 'nope' } }), 400);
  });

  it('AVATAR-WEAR-3: give a private avatar, then take it back (they go back to the default)', async () => {
    const crew = await s.client.call(a.bySlug, { params: { slug: 'staff-crew' } });
    const u = await s.createUser();
    await expectError(wear(u.token, 'staff-crew'), 403);
    const before = await s.as(admin.token).call(a.ofUser, { params: { id: u.uuid } });
    expect(before.find((x) => x.slug === 'staff-crew')).toMatchObject({
      lock: 'ASSIGNED_ONLY',
      assignment: null,
    });
    const given = await s.as(admin.token).call(a.assign, {
      params: { id: crew.id },
      body: { userUuid: u.uuid },
    });
    expect(given).toMatchObject({ avatarId: crew.id, userUuid: u.uuid, type: 'MANUAL' });
    await expectError(
      s.as(admin.token).call(a.assign, { params: { id: crew.id }, body: { userUuid: u.uuid } }),
      409,
    );
    const dot = await s.client.call(a.bySlug, { params: { slug: 'disco-dot' } });
    await expectError(
      s.as(admin.token).call(a.assign, { params: { id: dot.id }, body: { userUuid: u.uuid } }),
      400,
    );
    expect(
      (await s.as(u.token).call(a.mine, {})).find((x) => x.slug === 'staff-crew'),
    ).toMatchObject({ lock: null, assignment: 'MANUAL' });
    await wear(u.token, 'staff-crew');
    expect((await s.as(admin.token).call(a.adminGet, { params: { id: crew.id } })).holders).toBe(1);
    const ofUser = await s.as(admin.token).call(a.ofUser, { params: { id: u.uuid } });
    expect(ofUser.some((x) => x.slug === 'staff-crew')).toBe(true);
    await expectError(s.as(u.token).call(a.ofUser, { params: { id: u.uuid } }), 403);
    await s
      .as(admin.token)
      .call(a.unassign, { params: { id: crew.id }, body: { userUuid: u.uuid } });
    expect(await wearing(u.uuid)).toBe('default');
    await expectError(
      s.as(admin.token).call(a.unassign, { params: { id: crew.id }, body: { userUuid: u.uuid } }),
      404,
    );
  });

  it('custom fields: set, replace, remove; an unknown one is a 404', async () => {
    const dot = await s.client.call(a.bySlug, { params: { slug: 'bob-bpm' } });
    const set = await s.as(admin.token).call(a.setField, {
      body: { avatarId: dot.id, key: 'artist', value: 'In-house' },
    });
    expect(set.customFields).toEqual({ artist: 'In-house' });
    const gone = await s.as(admin.token).call(a.deleteField, {
      body: { avatarId: dot.id, key: 'artist' },
    });
    expect(gone.customFields).toEqual({});
    await expectError(
      s.as(admin.token).call(a.deleteField, { body: { avatarId: dot.id, key: 'artist' } }),
      404,
    );
    await expectError(
      s.as(admin.token).call(a.setField, { body: { avatarId: dot.id, key: '9bad', value: '' } }),
      400,
    );
  });
});

describe('SUB-PERKS-1..4: what Pro gives, and takes back when it ends', () => {
  it('a Pro subscriber wears one; when the subscription ends they go back to the default', async () => {
    const u = await s.createUser();
    const [plan] = await s.client.call(paymentEndpoints.products, {});
    const { sessionId } = await s.as(u.token).call(paymentEndpoints.checkout, {
      params: { id: plan!.id },
    });
    const events = stripe.complete(sessionId);
    for (const ev of events) expect(await stripe.send(ev)).toBe(200);
    expect((await wear(u.token, 'pro-neon')).avatarId).toBe('pro-neon');
    const badges = async () =>
      (await s.client.call(profileEndpoints.publicProfile, { params: { id: u.uuid } })).badges;
    await expect.poll(badges, { timeout: 20_000 }).toContain('PLATINUM'); // SUB-PERKS-4
    // SUB-PERKS-2: a Pro subscriber DJs in a PRO_PLAN_OWNER room; a free account does not.
    const owner = await s.createUser();
    const free = await s.createUser();
    const room = await createRoom(s, owner.token, { djType: 'PRO_PLAN_OWNER' });
    const pro = await RoomClient.join(s, u, room.uuid);
    const other = await RoomClient.join(s, free, room.uuid);
    await pro.action('addDj');
    expect(await other.actionError('addDj')).toBe('You are not allowed to DJ in this room');
    pro.disconnect();
    other.disconnect();
    const sub = events[0]!.data.object as Stripe.Subscription;
    const ended = stripe.subscriptionEvent(
      'customer.subscription.deleted',
      { ...sub, status: 'canceled' } as Stripe.Subscription,
      Math.floor(Date.now() / 1000) + 5,
    );
    expect(await stripe.send(ended)).toBe(200);
    await expect.poll(() => wearing(u.uuid), { timeout: 20_000 }).toBe('default');
    await expect.poll(badges, { timeout: 20_000 }).not.toContain('PLATINUM');
    await expectError(wear(u.token, 'pro-neon'), 403);
  });
});
