import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SPECIAL_CRATES,
  adminEndpoints,
  authEndpoints as auth,
  botEndpoints,
  crateEndpoints,
  crateImportEndpoints,
  emailEndpoints,
  phoneEndpoints,
  profileEndpoints as profile,
  roomEndpoints,
  roomListEndpoints,
  specialCrateEndpoints,
} from '@tt/protocol';
import { startFakeSms, type FakeSmsGateway } from '../../../../test/fake-sms';
import {
  expectError,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../../../../test/harness';
import { signUpUnverified } from './security.testing';

const VERIFY_FIRST = 'Verify your e-mail address to do this.';

let sms: FakeSmsGateway;
let s: TestServer;
beforeAll(async () => {
  sms = await startFakeSms();
  s = await startTestServer({ ...sms.env });
});
afterAll(async () => {
  await s.close();
  await sms.close();
});

const room = (name: string) => ({ body: { name } });

describe('SEC-UNVERIFIED-1: an account with an unverified e-mail creates nothing until verified', () => {
  it('SEC-UNVERIFIED-1: the sign-up token cannot create rooms, crates, imports or bots', async () => {
    const u = await signUpUnverified(s);
    const me = s.as(u.token);
    const body = await expectError(
      me.call(roomEndpoints.create, room('Too Soon')),
      403,
      VERIFY_FIRST,
    );
    expect((body as { code?: string }).code).toBe('EMAIL_NOT_VERIFIED_ACTION');
    await expectError(
      me.call(crateEndpoints.create, { body: { crateName: 'Mine' } }),
      403,
      VERIFY_FIRST,
    );
    await expectError(
      me.call(crateImportEndpoints.importPlaylist, {
        body: { link: 'https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M' },
      }),
      403,
      VERIFY_FIRST,
    );
    await expectError(
      me.call(botEndpoints.signUp, {
        body: { email: uniqueEmail('bot'), password: 'long-enough-pw', nickname: 'Botty' },
      }),
      403,
      VERIFY_FIRST,
    );
  });

  it('SEC-UNVERIFIED-1: it may still read, browse, edit its profile and use its queue', async () => {
    const u = await signUpUnverified(s);
    const me = s.as(u.token);
    const own = await me.call(profile.ownProfile, {});
    expect(own.emailVerified).toBe(false);
    const edited = await me.call(profile.updateProfile, { body: { nickname: 'Waiting' } });
    expect(edited.nickname).toBe('Waiting');
    await me.call(roomListEndpoints.public, { query: {} });
    const queue = await me.call(specialCrateEndpoints.get, {
      params: { special: SPECIAL_CRATES[0] },
    });
    expect(queue.userUuid).toBe(own.uuid);
  });

  it('SEC-UNVERIFIED-1: once the address is verified, the same token creates rooms and crates', async () => {
    const u = await signUpUnverified(s);
    const me = s.as(u.token);
    await expectError(me.call(roomEndpoints.create, room('Early')), 403, VERIFY_FIRST);
    await s.client.call(emailEndpoints.verify, { body: { email: u.email, code: u.code } });
    expect((await me.call(profile.ownProfile, {})).emailVerified).toBe(true);
    expect((await me.call(roomEndpoints.create, room('Verified Now'))).name).toBe('Verified Now');
    expect(
      (await me.call(crateEndpoints.create, { body: { crateName: 'Firsts' } })).crateName,
    ).toBe('Firsts');
  });
});

describe('SEC-UNVERIFIED-2: accounts that count as verified', () => {
  it('SEC-UNVERIFIED-2: admin-created, phone-login and bot accounts may create', async () => {
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const email = uniqueEmail('by-admin');
    await s.as(admin.token).call(adminEndpoints.signUp, {
      body: { email, password: 'long-enough-pw' },
    });
    const { accessToken: byAdmin } = await s.client.call(auth.login, {
      body: { email, password: 'long-enough-pw' },
    });
    expect((await s.as(byAdmin).call(roomEndpoints.create, room('Admin Made'))).name).toBe(
      'Admin Made',
    );

    const number = '+447400399001';
    await s.client.call(phoneEndpoints.sendCode, { body: { phoneNumber: number } });
    const { accessToken: byPhone } = await s.client.call(phoneEndpoints.verifyCode, {
      body: { phoneNumber: number, code: sms.lastCode(number) },
    });
    expect((await s.as(byPhone).call(roomEndpoints.create, room('Phone Made'))).name).toBe(
      'Phone Made',
    );

    const owner = await s.createUser();
    const { accessToken: bot } = await s.as(owner.token).call(botEndpoints.signUp, {
      body: { email: uniqueEmail('bot'), password: 'long-enough-pw', nickname: 'Crate Bot' },
    });
    expect(
      (await s.as(bot).call(crateEndpoints.create, { body: { crateName: 'Bot Crate' } })).crateName,
    ).toBe('Bot Crate');
  });
});
