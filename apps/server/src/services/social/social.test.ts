import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { djFanEndpoints as d, friendEndpoints as f, socialEndpoints as so } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { normaliseEmail, normalisePhone, readAddresses } from './contacts';
import { contactBook } from './schema';

/** Address books and finding friends (SOCIAL-CONTACT-*), fans through the social service. */
let srv: TestServer;
type U = { uuid: string; token: string; email: string };
const as = (u: { token: string }) => srv.as(u.token);

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

describe('normalising addresses', () => {
  it('SOCIAL-CONTACT-1: e-mails lower-cased, phone numbers as E.164, junk counted', () => {
    expect(normaliseEmail('  Nova@Example.COM ')).toBe('nova@example.com');
    expect(normaliseEmail('not an email')).toBeNull();
    expect(normalisePhone('(415) 555-2671', 'US')).toBe('+14155552671');
    expect(normalisePhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalisePhone('12')).toBeNull();
    const read = readAddresses(
      [{ emails: ['A@x.io', 'a@X.io', 'bad'], phoneNumbers: ['+1 415 555 2671', '4155552671'] }],
      'US',
    );
    expect(read.addresses).toHaveLength(2);
    expect(read.invalid).toBe(1);
  });
});

describe('address book', () => {
  it('SOCIAL-CONTACT-1..3: stores salted hashes only, finds registered people, marks friends', async () => {
    const me = await srv.createUser();
    const friend: U = await srv.createUser();
    const stranger: U = await srv.createUser();
    await as(me).call(f.invite, { body: { receiverUuid: friend.uuid } });
    const inv = (await as(friend).call(f.invitationsFor, {})).invitations[0]!;
    await as(friend).call(f.handle, {
      body: { invitationId: inv.id, invitationStatus: 'accepted' },
    });
    await as(me).call(d.follow, { body: { djUuid: stranger.uuid } });
    const up = await as(me).call(so.uploadContacts, {
      body: {
        contacts: [
          { emails: [friend.email.toUpperCase()], phoneNumbers: [] },
          { emails: [stranger.email], phoneNumbers: ['+1 415 555 2671'] },
          { emails: ['nobody@example.com', 'broken'], phoneNumbers: [] },
          { emails: [me.email], phoneNumbers: [] },
        ],
      },
    });
    expect(up).toEqual({ stored: 5, invalid: 1, matched: 2 });
    // Uploading again stores nothing new.
    expect(
      (await as(me).call(so.uploadContacts, { body: { contacts: [{ emails: [friend.email] }] } }))
        .stored,
    ).toBe(0);
    const rows = await srv.app.platform.db
      .select()
      .from(contactBook)
      .where(eq(contactBook.userUuid, me.uuid));
    expect(rows).toHaveLength(5);
    const stored = JSON.stringify(rows);
    expect(stored).not.toContain(friend.email.split('@')[0]);
    expect(stored).not.toContain('4155552671');
    for (const r of rows) expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
    const { matches } = await as(me).call(so.matching, {});
    expect(matches).toEqual(
      expect.arrayContaining([
        { userUuid: friend.uuid, isFriend: true, isFollowed: false },
        { userUuid: stranger.uuid, isFriend: false, isFollowed: true },
      ]),
    );
    expect(matches).toHaveLength(2);
    const list = await as(me).call(so.contacts, { query: { take: 2 } });
    expect(list.total).toBe(5);
    expect(list.contacts).toHaveLength(2);
    expect(list.contacts[0]!.hashPrefix).toMatch(/^[0-9a-f]{12}$/);
    expect(await as(me).call(so.deleteContacts, {})).toEqual({ success: true });
    expect((await as(me).call(so.matching, {})).matches).toEqual([]);
  });

  it('SOCIAL-CONTACT-2: a phone login is found by its number; a lookup stores nothing', async () => {
    const me = await srv.createUser();
    const phone = '+14155550123';
    await srv.app.platform.db.execute(
      sql`UPDATE users SET phone_number = ${phone} WHERE uuid = ${me.uuid}`,
    );
    const other = await srv.createUser();
    const res = await as(other).call(so.matchFriends, {
      body: { contacts: [{ phoneNumbers: ['(415) 555-0123'] }], defaultCountry: 'US' },
    });
    expect(res.matches).toEqual([{ userUuid: me.uuid, isFriend: false, isFollowed: false }]);
    expect((await as(other).call(so.contacts, {})).total).toBe(0);
    const single = await as(other).call(so.single, {
      body: { phoneNumber: '415 555 0123', defaultCountry: 'US' },
    });
    expect(single).toEqual({ stored: 1, invalid: 0, matched: 1 });
  });

  it('SOCIAL-CONTACT-4: people blocked either way are not found', async () => {
    const me = await srv.createUser();
    const blocker: U = await srv.createUser();
    await as(blocker).call(f.block, { body: { blockedUserUuid: me.uuid } });
    const res = await as(me).call(so.matchFriends, {
      body: { contacts: [{ emails: [blocker.email] }] },
    });
    expect(res.matches).toEqual([]);
  });

  it('bad input, guests, other users and admins', async () => {
    const me = await srv.createUser();
    const admin = await srv.createUser({ roles: ['admin'] });
    await expectError(
      as(me).call(so.uploadContacts, { body: { contacts: [{ emails: ['nope'] }] } }),
      400,
      'Not a valid e-mail address or phone number.',
    );
    await expectError(as(me).call(so.uploadContacts, { body: { contacts: [] } }), 400);
    await expectError(as(me).call(so.uploadContacts, { body: { contacts: [{}] } as never }), 400);
    await expectError(
      as(me).call(so.single, { body: { email: 'a@b.co', phoneNumber: '+14155550123' } }),
      400,
    );
    await expectError(
      as(me).call(so.uploadContacts, {
        body: { contacts: [{ phoneNumbers: ['4155550123'] }], defaultCountry: 'usa' },
      }),
      400,
    );
    await expectError(srv.client.call(so.contacts, {}), 401);
    await expectError(as(me).call(so.admin, { params: { id: me.uuid } }), 403);
    await as(me).call(so.single, { body: { email: 'someone@example.org' } });
    expect((await as(admin).call(so.admin, { params: { id: me.uuid } })).total).toBe(1);
  });
});

describe('fans through the social service', () => {
  it('followed DJs, fan counts and fans of a person', async () => {
    const [fan, dj] = [await srv.createUser(), await srv.createUser()];
    await as(fan).call(d.follow, { body: { djUuid: dj.uuid } });
    expect(
      (await as(fan).call(so.followedDjs, { params: { id: fan.uuid } })).fans[0],
    ).toMatchObject({ djUuid: dj.uuid });
    expect(await as(fan).call(so.fanCount, { params: { id: dj.uuid } })).toEqual({
      djUuid: dj.uuid,
      fansCount: 1,
      followingCount: 0,
    });
    expect(
      (await as(dj).call(so.fans, { params: { id: dj.uuid }, query: { take: 12 } })).total,
    ).toBe(1);
    await expectError(as(dj).call(so.fans, { params: { id: 'x' } }), 400);
    await expectError(as(dj).call(so.fans, { params: { id: dj.uuid }, query: { take: 151 } }), 400);
  });
});
