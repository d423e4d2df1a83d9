import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { botText, chatUser, expectComet, v3, type User } from './testing';

/** Chat in a process without the social service, which keeps blocks (CHAT-BLOCK-2). */

let s: TestServer;
let ann: User;
let bob: User;

beforeAll(async () => {
  s = await startTestServer({ SERVICES: 'user,chat' });
  ann = await chatUser(s);
  bob = await chatUser(s);
});
afterAll(() => s?.close());

describe('CHAT-BLOCK-2: no social service, no block-dependent chat', () => {
  it('CHAT-BLOCK-2: the social port is absent, and direct messages answer 503 naming it', async () => {
    expect(s.app.platform.ports.social).toBeUndefined();
    const dm = await v3(s, 'POST', '/messages', {
      token: ann.chat,
      body: botText(bob.uuid, 'hello?', {}, 'user'),
    });
    const err = expectComet(dm, 503, 'ERR_INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE');
    expect(err.message).toMatch(/social service/);
  });

  it('CHAT-BLOCK-2: reading a conversation (blocked senders hidden) answers 503 too', async () => {
    const page = await v3(s, 'GET', `/users/${bob.uuid}/messages`, { token: ann.chat });
    const err = expectComet(page, 503, 'ERR_INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE');
    expect(err.message).toMatch(/social service/);
  });
});

describe('chat without the room service (its wiring: rooms is optional)', () => {
  it('a room chat answers 503 SERVICE_UNAVAILABLE naming the room service', async () => {
    expect(s.app.platform.ports.rooms).toBeUndefined();
    const members = await v3(s, 'GET', '/groups/0e0a6f3c-1111-4222-8333-944445555666/members', {
      token: ann.chat,
    });
    const err = expectComet(members, 503, 'ERR_INTERNAL_SERVER_ERROR', 'SERVICE_UNAVAILABLE');
    expect(err.message).toMatch(/room service/);
  });
});
