import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { emailEndpoints } from '@tt/protocol';
import type { TestServer } from '../../test/harness';
import { signUpUnverified } from '../services/user/auth/security.testing';
import { createRoom, RoomClient, song, startRealtimeServer } from './test-kit';

let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer();
});
afterAll(() => s.close());

describe('SEC-UNVERIFIED-1 on the room socket', () => {
  it('SEC-UNVERIFIED-1: an unverified account listens but takes no DJ seat until it verifies', async () => {
    const owner = await s.createUser();
    const room = await createRoom(s, owner.token);
    const u = await signUpUnverified(s);
    const uuid = String(decodeJwt(u.token).uuid);
    const c = await RoomClient.join(s, { token: u.token, uuid }, room.uuid);
    expect(await c.actionError('addDj', { song: song('too soon') })).toBe(
      'Verify your e-mail address to do this.',
    );
    expect(c.state.djs).toEqual([]);

    await s.client.call(emailEndpoints.verify, {
      body: { email: u.email, code: u.code },
    });
    await c.action('addDj', { song: song('verified now') });
    expect(c.state.djs.map((d) => d.uuid)).toEqual([uuid]);
    c.disconnect();
  });
});
