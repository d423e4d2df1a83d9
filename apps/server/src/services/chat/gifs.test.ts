import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gifEndpoints } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { startFakeGifs, type FakeGifs } from '../../../test/fakes/gifs';
import { chatUser, roomWithChat, v3 } from './testing';

/** GIF search for chat (CHAT-GIF-1..3) against local Tenor and GIPHY fakes. */

const KEY = 'gif-test-key';
let fake: FakeGifs;
const servers: TestServer[] = [];

async function serverWith(env: Record<string, string>): Promise<TestServer> {
  const s = await startTestServer({ CHAT_RATE_LIMIT: '1000/100', ...env });
  servers.push(s);
  return s;
}

const guestToken = async (s: TestServer) =>
  ((await (await fetch(`${s.url}/api/user-service/auth/guest`)).json()) as { accessToken: string })
    .accessToken;

beforeAll(async () => {
  fake = await startFakeGifs(KEY);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  await fake?.close();
});

describe('GET /api/chat-service/gifs', () => {
  it('CHAT-GIF-1: without a key GIF search is off and nothing is fetched', async () => {
    const s = await serverWith({ GIF_BASE_URL: fake.url });
    const u = await s.createUser();
    const before = fake.requests.length;
    const res = await s.as(u.token).call(gifEndpoints.search, { query: { q: 'cat' } });
    expect(res).toEqual({ enabled: false, provider: null, gifs: [] });
    expect(fake.requests.length).toBe(before);
  });

  it('CHAT-GIF-2: Tenor v2 search and featured, in one shape; guests may search', async () => {
    const s = await serverWith({ GIF_PROVIDER: 'tenor', GIF_API_KEY: KEY, GIF_BASE_URL: fake.url });
    const u = await s.createUser();
    const res = await s.as(u.token).call(gifEndpoints.search, { query: { q: 'cat', limit: 5 } });
    expect(res.enabled).toBe(true);
    expect(res.provider).toBe('tenor');
    expect(res.gifs).toEqual([
      {
        id: 't0',
        title: 'dancing cat',
        url: 'https://media.tenor.example/0.gif',
        previewUrl: 'https://media.tenor.example/0-tiny.gif',
        width: 498,
        height: 280,
      },
    ]);
    const call = fake.requests.find((r) => r.path === '/v2/search')!;
    expect(call.query.get('key')).toBe(KEY);
    expect(call.query.get('limit')).toBe('5');
    expect(call.query.get('media_filter')).toBe('gif,tinygif');
    expect(call.query.get('contentfilter')).toBe('low');

    const trending = await s.as(await guestToken(s)).call(gifEndpoints.search, { query: {} });
    expect(trending.gifs.length).toBe(5);
    expect(fake.requests.some((r) => r.path === '/v2/featured')).toBe(true);
  });

  it('CHAT-GIF-2: GIPHY search and trending, in the same shape, with the rating', async () => {
    const s = await serverWith({
      GIF_PROVIDER: 'giphy',
      GIF_API_KEY: KEY,
      GIF_BASE_URL: fake.url,
      GIF_RATING: 'g',
    });
    const u = await s.createUser();
    const res = await s.as(u.token).call(gifEndpoints.search, { query: { q: 'parrot' } });
    expect(res.provider).toBe('giphy');
    expect(res.gifs).toEqual([
      {
        id: 'g0',
        title: 'party parrot',
        url: 'https://media.giphy.example/0/200.gif',
        previewUrl: 'https://media.giphy.example/0/100.gif',
        width: 356,
        height: 200,
      },
    ]);
    const call = fake.requests.find((r) => r.path === '/v1/gifs/search')!;
    expect(call.query.get('api_key')).toBe(KEY);
    expect(call.query.get('rating')).toBe('g');
    const trending = await s.as(u.token).call(gifEndpoints.search, { query: { q: '' } });
    expect(trending.gifs.length).toBe(5);
  });

  it('CHAT-GIF-3: a provider failure is a 502 naming GIF search; bad input is a 400; no token is a 401', async () => {
    const s = await serverWith({
      GIF_PROVIDER: 'giphy',
      GIF_API_KEY: 'wrong',
      GIF_BASE_URL: fake.url,
    });
    const u = await s.createUser();
    const err = await expectError(
      s.as(u.token).call(gifEndpoints.search, { query: { q: 'dj' } }),
      502,
      /GIF search/,
    );
    expect((err as { code?: string }).code).toBe('GIF_PROVIDER_UNAVAILABLE');
    await expectError(
      s.as(u.token).raw({ method: 'GET', path: '/api/chat-service/gifs', query: { limit: 500 } }),
      400,
    );
    await expectError(s.as(null).call(gifEndpoints.search, { query: { q: 'dj' } }), 401);
  });

  it('CHAT-GIF-3: a GIF is sent as a chat message whose message is a gif object (CHAT-VALID-1)', async () => {
    const s = await serverWith({});
    const u = await chatUser(s);
    const room = (await roomWithChat(s, u)).uuid;
    const gif = { type: 'gif', url: 'https://media.tenor.example/0.gif', title: 'dancing cat' };
    const sent = await v3(s, 'POST', '/messages', {
      token: u.chat,
      body: {
        receiver: room,
        receiverType: 'group',
        category: 'message',
        type: 'text',
        data: {
          text: gif.title,
          metadata: {
            chatMessage: {
              message: gif,
              userUuid: u.uuid,
              userName: 'x',
              avatarId: 'a1',
              media: { uri: gif.url },
            },
          },
        },
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.data.metadata.chatMessage.message).toEqual(gif);
  });
});
