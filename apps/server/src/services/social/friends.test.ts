import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, friendEndpoints as f } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { busCaughtUp } from '../../platform/bus.testing';
import { botText, chatUser, expectComet, v3 } from '../chat/testing';

/** Friends, invitations and blocks over HTTP, by the rules of docs/SOCIAL-RULES.md. */
let s: TestServer;
type U = { uuid: string; token: string };
const users = async (n: number): Promise<U[]> =>
  Promise.all(Array.from({ length: n }, () => s.createUser()));
const as = (u: U) => s.as(u.token);

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

describe('friend invitations', () => {
  it('SOC-INV-LIST-1: the pending lists, newest first, only the pending ones', async () => {
    const [me, x, y, z] = await users(4);
    const sent = [];
    for (const u of [x, y, z]) {
      sent.unshift(await as(u).call(f.invite, { body: { receiverUuid: me.uuid } }));
    }
    const mine = (await as(me).call(f.invitationsFor, {})).invitations;
    expect(mine).toEqual(sent);
    expect(mine.map((i) => i.senderUuid)).toEqual([z.uuid, y.uuid, x.uuid]);
    await as(me).call(f.handle, {
      body: { invitationId: sent[1]!.id, invitationStatus: 'rejected' },
    });
    expect((await as(me).call(f.invitationsFor, {})).invitations).toEqual([sent[0], sent[2]]);
    expect((await as(z).call(f.invitationsFrom, {})).invitations).toEqual([sent[0]]);
    // HTTP-JSON-1: the database's JSON is the contract's answer, exactly, with a JSON type.
    const raw = await fetch(`${s.url}/api/notification-service${f.invitationsFor.path}`, {
      headers: { authorization: `Bearer ${me.token}` },
    });
    expect(raw.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body: unknown = await raw.json();
    expect(body).toEqual({ invitations: [sent[0], sent[2]] });
    expect(f.invitationsFor.response.parse(body)).toEqual(body);
    expect((await as(me).call(f.invitationsFrom, {})).invitations).toEqual([]);
  });

  it("SOC-INV-LIST-2: kept lists show this process's changes at once, another's by the bus", async () => {
    const [me, x, y] = await users(3);
    const ids = async (u: U, side: typeof f.invitationsFor) =>
      (await as(u).call(side, {})).invitations.map((i) => i.id);
    expect(await ids(me, f.invitationsFor)).toEqual([]);
    const inv = await as(x).call(f.invite, { body: { receiverUuid: me.uuid } });
    expect(await ids(me, f.invitationsFor)).toEqual([inv.id]);
    expect(await ids(x, f.invitationsFrom)).toEqual([inv.id]);
    await as(me).call(f.cancel, { params: { id: inv.id } });
    expect(await ids(me, f.invitationsFor)).toEqual([]);
    expect(await ids(x, f.invitationsFrom)).toEqual([]);
    // An invitation written by another process reaches this one's kept lists through the bus.
    // The cancel's own drop travels the bus too (Redis when configured) and may still be on its
    // way: once it has caught up, nothing left over can drop the list this test keeps.
    await busCaughtUp(s.app.platform.bus);
    expect(await ids(me, f.invitationsFor)).toEqual([]);
    const written = await s.app.platform.db.execute(
      sql`insert into friend_invitations (sender_uuid, receiver_uuid)
          values (${y.uuid}, ${me.uuid}) returning id`,
    );
    const row = (written as unknown as { rows: { id: string }[] }).rows[0]!;
    expect(await ids(me, f.invitationsFor)).toEqual([]);
    await s.app.platform.bus.publish('social.invitationsChanged', { uuids: [y.uuid, me.uuid] });
    await expect.poll(() => ids(me, f.invitationsFor)).toEqual([row.id]);
  });

  it('SOC-INV-1, SOC-INV-6: invite, see it on both sides, accept: friends both ways', async () => {
    const [a, b] = await users(2);
    const inv = await as(a).call(f.invite, { body: { receiverUuid: b.uuid } });
    expect(inv).toMatchObject({
      senderUuid: a.uuid,
      receiverUuid: b.uuid,
      invitationStatus: 'pending',
    });
    expect((await as(b).call(f.invitationsFor, {})).invitations.map((i) => i.id)).toEqual([inv.id]);
    expect((await as(a).call(f.invitationsFrom, {})).invitations.map((i) => i.id)).toEqual([
      inv.id,
    ]);
    expect((await as(a).call(f.invitationsFor, {})).invitations).toEqual([]);
    // Only the person invited answers.
    await expectError(
      as(a).call(f.handle, { body: { invitationId: inv.id, invitationStatus: 'accepted' } }),
      403,
      'Only the person invited can answer this invitation.',
    );
    const accepted = await as(b).call(f.handle, {
      body: { invitationId: inv.id, invitationStatus: 'accepted' },
    });
    expect(accepted.invitationStatus).toBe('accepted');
    await expectError(
      as(b).call(f.handle, { body: { invitationId: inv.id, invitationStatus: 'rejected' } }),
      409,
      'This invitation was already answered.',
    );
    expect((await as(a).call(f.friendUuids, { params: { id: a.uuid } })).friendsUuids).toEqual([
      b.uuid,
    ]);
    expect((await as(a).call(f.friendUuids, { params: { id: b.uuid } })).friendsUuids).toEqual([
      a.uuid,
    ]);
    expect(await as(b).call(f.singleFriend, { params: { id: a.uuid } })).toMatchObject({
      userUuid: b.uuid,
      friendUuid: a.uuid,
    });
    await expectError(
      as(a).call(f.invite, { body: { receiverUuid: b.uuid } }),
      409,
      'You are already friends.',
    );
  });

  it('SOC-INV-1: not yourself, not an unknown account, not as a guest, not without a token; bad input is a 400', async () => {
    const [a] = await users(1);
    await expectError(
      as(a).call(f.invite, { body: { receiverUuid: a.uuid } }),
      400,
      'You cannot do this with yourself.',
    );
    await expectError(
      as(a).call(f.invite, { body: { receiverUuid: '00000000-0000-4000-8000-000000000000' } }),
      404,
      'User not found.',
    );
    await expectError(
      as(a).call(f.invite, { body: { receiverUuid: 'nope' } as never }),
      400,
      /must be a user uuid/,
    );
    await expectError(as(a).call(f.invite, { body: {} as never }), 400);
    const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
    await expectError(s.as(guest).call(f.invite, { body: { receiverUuid: a.uuid } }), 403);
    await expectError(s.client.call(f.invite, { body: { receiverUuid: a.uuid } }), 401);
    await expectError(s.as('not-a-token').call(f.invitationsFor, {}), 401);
  });

  it('SOC-INV-2, SOC-INV-3: a second invitation is refused; inviting back accepts theirs', async () => {
    const [a, b] = await users(2);
    const inv = await as(a).call(f.invite, { body: { receiverUuid: b.uuid } });
    await expectError(
      as(a).call(f.invite, { body: { receiverUuid: b.uuid } }),
      409,
      'You already invited this user.',
    );
    const back = await as(b).call(f.invite, { body: { receiverUuid: a.uuid } });
    expect(back).toMatchObject({ id: inv.id, invitationStatus: 'accepted' });
    expect((await as(b).call(f.friendUuids, { params: { id: b.uuid } })).friendsUuids).toEqual([
      a.uuid,
    ]);
  });

  it('SOC-INV-2, SOC-INV-6, SOC-INV-7: reject, withdraw, dismiss; then invite again', async () => {
    const [a, b, c] = await users(3);
    const first = await as(a).call(f.invite, { body: { receiverUuid: b.uuid } });
    await as(b).call(f.handle, { body: { invitationId: first.id, invitationStatus: 'rejected' } });
    expect((await as(a).call(f.friendUuids, { params: { id: a.uuid } })).friendsUuids).toEqual([]);
    const second = await as(a).call(f.invite, { body: { receiverUuid: b.uuid } });
    // Someone else cannot see or remove it.
    await expectError(
      as(c).call(f.cancel, { params: { id: second.id } }),
      404,
      'Invitation not found.',
    );
    await as(a).call(f.cancel, { params: { id: second.id } });
    expect((await as(b).call(f.invitationsFor, {})).invitations).toEqual([]);
    const third = await as(a).call(f.invite, { body: { receiverUuid: b.uuid } });
    expect(await as(b).call(f.cancel, { params: { id: third.id } })).toEqual({ success: true });
    await expectError(as(b).call(f.cancel, { params: { id: third.id } }), 404);
    await expectError(
      as(b).call(f.cancel, { params: { id: 'x' } }),
      400,
      /must be an invitation id/,
    );
    // Every invitation of a user: their own, or anyone's for an admin.
    const history = await as(a).call(f.invitationsOf, { params: { id: a.uuid } });
    expect(history.invitations.map((i) => i.invitationStatus)).toEqual(['rejected']);
    await expectError(
      as(c).call(f.invitationsOf, { params: { id: a.uuid } }),
      403,
      "You cannot see another user's invitations.",
    );
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    expect(
      (await as(admin).call(f.invitationsOf, { params: { id: a.uuid } })).invitations,
    ).toHaveLength(1);
  });

  it('crossing invitations sent at the same moment end in one friendship', async () => {
    const [a, b] = await users(2);
    const results = await Promise.allSettled([
      as(a).call(f.invite, { body: { receiverUuid: b.uuid } }),
      as(b).call(f.invite, { body: { receiverUuid: a.uuid } }),
    ]);
    expect(results.every((r) => r.status === 'fulfilled')).toBe(true);
    expect((await as(a).call(f.friendUuids, { params: { id: a.uuid } })).friendsUuids).toEqual([
      b.uuid,
    ]);
    expect((await as(a).call(f.invitationsFor, {})).invitations).toEqual([]);
    expect((await as(b).call(f.invitationsFor, {})).invitations).toEqual([]);
  });
});

describe('friends', () => {
  async function friendsOf(a: U, others: U[]) {
    for (const o of others) {
      const inv = await as(a).call(f.invite, { body: { receiverUuid: o.uuid } });
      await as(o).call(f.handle, { body: { invitationId: inv.id, invitationStatus: 'accepted' } });
    }
  }

  it('SOC-FRIEND-1: unfriending ends it for both', async () => {
    const [a, b] = await users(2);
    await friendsOf(a, [b]);
    expect(await as(b).call(f.unfriend, { params: { id: a.uuid } })).toEqual({ success: true });
    expect((await as(a).call(f.friendUuids, { params: { id: a.uuid } })).friendsUuids).toEqual([]);
    await expectError(as(a).call(f.singleFriend, { params: { id: b.uuid } }), 404);
    await expectError(
      as(a).call(f.unfriend, { params: { id: b.uuid } }),
      404,
      'You are not friends with this user.',
    );
  });

  it('SOC-FRIEND-2: pages of friends (12 by default, at most 150), newest first', async () => {
    const [a, ...others] = await users(14);
    await friendsOf(a, others);
    const first = await as(others[0]!).call(f.friends, { params: { id: a.uuid } });
    expect(first).toMatchObject({ total: 13, skip: 0, take: 12 });
    expect(first.friends).toHaveLength(12);
    expect(first.friends[0]!.friendUuid).toBe(others[12]!.uuid);
    const rest = await as(a).call(f.friends, {
      params: { id: a.uuid },
      query: { skip: 12, take: 150 },
    });
    expect(rest.friends.map((x) => x.friendUuid)).toEqual([others[0]!.uuid]);
    await expectError(as(a).call(f.friends, { params: { id: a.uuid }, query: { take: 151 } }), 400);
  });
});

describe('blocks', () => {
  it('SOC-BLOCK-1, SOC-INV-5: a block ends the friendship and invitations; no invitation across it, either way', async () => {
    const [a, b, c] = await users(3);
    const inv = await as(a).call(f.invite, { body: { receiverUuid: b.uuid } });
    await as(b).call(f.handle, { body: { invitationId: inv.id, invitationStatus: 'accepted' } });
    const pending = await as(c).call(f.invite, { body: { receiverUuid: a.uuid } });
    const blocked = await as(a).call(f.block, { body: { blockedUserUuid: b.uuid } });
    expect(blocked).toMatchObject({ userUuid: a.uuid, blockedUserUuid: b.uuid });
    await as(a).call(f.block, { body: { blockedUserUuid: c.uuid } });
    expect((await as(a).call(f.friendUuids, { params: { id: a.uuid } })).friendsUuids).toEqual([]);
    expect((await as(b).call(f.friendUuids, { params: { id: b.uuid } })).friendsUuids).toEqual([]);
    await expectError(as(a).call(f.cancel, { params: { id: pending.id } }), 404);
    for (const [from, to] of [
      [a, b],
      [b, a],
    ] as const) {
      await expectError(
        as(from).call(f.invite, { body: { receiverUuid: to.uuid } }),
        403,
        'You cannot invite this user.',
      );
    }
    await expectError(
      as(a).call(f.block, { body: { blockedUserUuid: b.uuid } }),
      409,
      'You already blocked this user.',
    );
    await expectError(as(a).call(f.block, { body: { blockedUserUuid: a.uuid } }), 400);
    expect(
      (await as(a).call(f.blocked, {})).blockedUsers.map((x) => x.blockedUserUuid).sort(),
    ).toEqual([b.uuid, c.uuid].sort());
    expect((await as(b).call(f.blocked, {})).blockedUsers).toEqual([]);
    expect(await as(a).call(f.blockedOne, { params: { id: b.uuid } })).toMatchObject({
      blockedUserUuid: b.uuid,
    });
    await expectError(
      as(b).call(f.blockedOne, { params: { id: a.uuid } }),
      404,
      'You have not blocked this user.',
    );
    // Only the one who blocked lifts it; then invitations work again.
    await expectError(as(b).call(f.unblock, { params: { id: a.uuid } }), 404);
    expect(await as(a).call(f.unblock, { params: { id: b.uuid } })).toEqual({ success: true });
    await as(b).call(f.invite, { body: { receiverUuid: a.uuid } });
  });

  it('SOC-FRIEND-2: someone who blocked the viewer is left out of the friends the viewer sees', async () => {
    const [a, b, viewer] = await users(3);
    const inv = await as(a).call(f.invite, { body: { receiverUuid: b.uuid } });
    await as(b).call(f.handle, { body: { invitationId: inv.id, invitationStatus: 'accepted' } });
    await as(b).call(f.block, { body: { blockedUserUuid: viewer.uuid } });
    expect((await as(viewer).call(f.friends, { params: { id: a.uuid } })).friends).toEqual([]);
    expect((await as(a).call(f.friends, { params: { id: a.uuid } })).friends).toHaveLength(1);
  });
});

describe('blocks reach the chat', () => {
  it('SOC-BLOCK-2, CHAT-BLOCK-1: a block made here refuses the blocked person’s direct messages; unblocking lets them through', async () => {
    const blocker = await chatUser(s);
    const sender = await chatUser(s);
    const dm = (text: string) =>
      v3(s, 'POST', '/messages', {
        token: sender.chat,
        body: botText(blocker.uuid, text, {}, 'user'),
      });
    expect((await dm('before')).status).toBe(200);
    await as(blocker).call(f.block, { body: { blockedUserUuid: sender.uuid } });
    expectComet(await dm('after'), 403, 'ERR_BLOCKED_BY_USER', 'CHAT_BLOCKED');
    await as(blocker).call(f.unblock, { params: { id: sender.uuid } });
    expect((await dm('again')).status).toBe(200);
  });
});
