import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { authEndpoints, type ChatImageDto } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { chatUser, expectComet, roomWithChat, v3, type User } from './testing';

/** Chat images: uploaded to us, checked by their bytes, sent as attachments. */

let s: TestServer;
let u: User;
let room: string;

const png = () =>
  sharp({ create: { width: 4, height: 3, channels: 3, background: '#562df9' } })
    .png()
    .toBuffer();

function form(file?: Buffer, name = 'pic.png', type = 'image/png'): FormData {
  const fd = new FormData();
  if (file) fd.append('file', new Blob([new Uint8Array(file)], { type }), name);
  return fd;
}

const upload = (token: string | null, formData: FormData) =>
  s
    .as(token)
    .raw({ method: 'POST', path: '/api/chat-service/images', formData }) as Promise<ChatImageDto>;

beforeAll(async () => {
  s = await startTestServer({ CHAT_RATE_LIMIT: '1000/100' });
  u = await chatUser(s);
  room = (await roomWithChat(s, u)).uuid;
});
afterAll(() => s?.close());

describe('POST /api/chat-service/images', () => {
  it('CHAT-IMAGE-3: an image is checked by its bytes, stored and served; its path goes in an image message', async () => {
    const image = await upload(u.token, form(await png(), 'holiday.gif', 'image/gif'));
    expect(image.contentType).toBe('image/png');
    expect(image.url).toBe(`/api/chat-service/images/${image.id}`);
    expect(image.id).toMatch(/\.png$/);
    const res = await fetch(`${s.url}${image.url}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([4, 3]);

    const sent = await v3(s, 'POST', '/messages', {
      token: u.chat,
      body: {
        receiver: room,
        receiverType: 'group',
        category: 'message',
        type: 'image',
        data: { attachments: [{ url: image.url, mimeType: image.contentType }] },
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.data.metadata.chatMessage.media).toEqual({ uri: image.url });
    const other = await v3(s, 'POST', '/messages', {
      token: u.chat,
      body: {
        receiver: room,
        receiverType: 'group',
        category: 'message',
        type: 'image',
        data: { attachments: [{ url: '/api/user-service/users/images/x' }] },
      },
    });
    expectComet(other, 400, 'ERR_BAD_REQUEST', 'CHAT_INVALID_MESSAGE');
  });

  it('CHAT-IMAGE-3: not an image, no file, guests and no token are refused', async () => {
    await expectError(upload(u.token, form(Buffer.from('<svg onload=alert(1)>'), 'x.png')), 415);
    await expectError(upload(u.token, form()), 400, 'An image file is required');
    const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
    await expectError(upload(guest, form(await png())), 403);
    await expectError(upload(null, form(await png())), 401);
  });

  it('CHAT-IMAGE-3: unknown and malformed image ids are 404 and 400', async () => {
    const missing = await fetch(
      `${s.url}/api/chat-service/images/0e0a6f3c-1111-4222-8333-944445555666.png`,
    );
    expect(missing.status).toBe(404);
    const bad = await fetch(`${s.url}/api/chat-service/images/..%2F..%2Fkeys%2Fjwt-private.pem`);
    expect(bad.status).toBe(400);
  });
});
