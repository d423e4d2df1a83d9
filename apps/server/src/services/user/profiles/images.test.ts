import fs from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  imagesEndpoints as e,
  profileEndpoints,
  type UserImageDto,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import type { DomainEvents } from '../../../platform/events';

let s: TestServer;
let guestToken: string;
beforeAll(async () => {
  s = await startTestServer();
  guestToken = (await s.client.call(authEndpoints.guest, {})).accessToken;
});
afterAll(() => s.close());

const UPLOAD_PATH = '/api/user-service/users/images';

/** The decoded pixels of an image (stored pictures are encoded again). */
const pixels = (image: Buffer) => sharp(image).ensureAlpha().raw().toBuffer();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A valid 1x1 RGBA PNG of the given colour. */
function tinyPng(rgba: [number, number, number, number] = [86, 45, 249, 255]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0); // width
  ihdr.writeUInt32BE(1, 4); // height
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, ...rgba]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function form(fields: { kind?: string; file?: Buffer; type?: string; name?: string }): FormData {
  const fd = new FormData();
  if (fields.kind !== undefined) fd.append('kind', fields.kind);
  if (fields.file) {
    fd.append(
      'file',
      new Blob([new Uint8Array(fields.file)], { type: fields.type ?? 'image/png' }),
      fields.name ?? 'picture.png',
    );
  }
  return fd;
}

function upload(token: string | null, formData: FormData): Promise<UserImageDto> {
  return s.as(token).raw({ method: 'POST', path: UPLOAD_PATH, formData }) as Promise<UserImageDto>;
}

async function fetchImage(url: string) {
  const res = await fetch(`${s.url}${url}`);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The next profile event of `uuid` that `match` accepts (an earlier change may still be in flight). */
async function nextProfileEvent(
  uuid: string,
  match: (p: DomainEvents['user.profileUpdated']) => boolean = () => true,
) {
  type Payload = DomainEvents['user.profileUpdated'];
  let resolve!: (p: Payload) => void;
  const received = new Promise<Payload>((r) => (resolve = r));
  const off = await s.app.platform.bus.subscribe('user.profileUpdated', (p) => {
    if (p.uuid === uuid && match(p)) resolve(p);
  });
  return { received: received.finally(() => off()) };
}

describe('POST /users/images', () => {
  it('stores a profile picture, sets it on the profile and publishes the change', async () => {
    const u = await s.createUser();
    const png = tinyPng();
    const event = await nextProfileEvent(u.uuid);
    const img = await s
      .as(u.token)
      .call(e.upload, { body: form({ kind: 'profilePicture', file: png }) });
    expect(img).toMatchObject({
      kind: 'profilePicture',
      contentType: 'image/png',
      url: `/api/user-service/users/images/${img.id}`,
    });
    expect(Number.isNaN(Date.parse(img.createdAt))).toBe(false);
    expect((await event.received).profile.profilePicture).toBe(img.url);

    const me = await s.as(u.token).call(profileEndpoints.ownProfile, {});
    expect(me.profilePicture).toBe(img.url);
    expect(me.coverPicture).toBe('');

    // Stored encoded again (SEC-IMAGE-1): the same pixels.
    const stored = await fs.readFile(path.join(s.dataDir, 'uploads', 'images', u.uuid, img.id));
    expect(img.size).toBe(stored.length);
    expect(await pixels(stored)).toEqual(await pixels(png));
  });

  it('accepts the field and the file in either order, and cover pictures', async () => {
    const u = await s.createUser();
    const fd = new FormData();
    fd.append('file', new Blob([new Uint8Array(tinyPng())], { type: 'image/png' }), 'c.png');
    fd.append('kind', 'coverPicture');
    const img = await upload(u.token, fd);
    expect(img.kind).toBe('coverPicture');
    expect((await s.as(u.token).call(profileEndpoints.ownProfile, {})).coverPicture).toBe(img.url);
  });

  it('recognises JPEG, WebP and GIF by their bytes, whatever the declared type', async () => {
    const u = await s.createUser();
    const base = () =>
      sharp({ create: { width: 3, height: 2, channels: 3, background: '#562df9' } });
    const samples: [Buffer, string][] = [
      [await base().jpeg().toBuffer(), 'image/jpeg'],
      [await base().webp().toBuffer(), 'image/webp'],
      [await base().gif().toBuffer(), 'image/gif'],
    ];
    for (const [bytes, type] of samples) {
      const img = await upload(
        u.token,
        form({ kind: 'coverPicture', file: bytes, type: 'application/octet-stream', name: 'x' }),
      );
      expect(img.contentType).toBe(type);
      const { res } = await fetchImage(img.url);
      expect(res.headers.get('content-type')).toBe(type);
    }
  });

  it('replaces the previous picture of the same kind and deletes it', async () => {
    const u = await s.createUser();
    const c = s.as(u.token);
    const cover = await upload(u.token, form({ kind: 'coverPicture', file: tinyPng() }));
    const first = await upload(u.token, form({ kind: 'profilePicture', file: tinyPng() }));
    const second = await upload(
      u.token,
      form({ kind: 'profilePicture', file: tinyPng([0, 0, 0, 255]) }),
    );
    expect(second.id).not.toBe(first.id);
    await expectError(c.call(e.get, { params: { id: first.id } }), 404, 'Image not found.');
    await expect(
      fs.stat(path.join(s.dataDir, 'uploads', 'images', u.uuid, first.id)),
    ).rejects.toThrow();
    const me = await c.call(profileEndpoints.ownProfile, {});
    expect(me.profilePicture).toBe(second.url);
    expect(me.coverPicture).toBe(cover.url);
    expect((await fetchImage(cover.url)).res.status).toBe(200);
  });

  it('refuses a missing or wrong kind, a missing file and a non-image', async () => {
    const u = await s.createUser();
    await expectError(
      upload(u.token, form({ file: tinyPng() })),
      400,
      'kind must be profilePicture or coverPicture',
    );
    await expectError(
      upload(u.token, form({ kind: 'banner', file: tinyPng() })),
      400,
      'kind must be profilePicture or coverPicture',
    );
    await expectError(
      upload(u.token, form({ kind: 'profilePicture' })),
      400,
      'An image file is required',
    );
    await expectError(
      upload(u.token, form({ kind: 'profilePicture', file: Buffer.alloc(0) })),
      400,
      'An image file is required',
    );
    // Claims to be a PNG, but the bytes are text.
    await expectError(
      upload(u.token, form({ kind: 'profilePicture', file: Buffer.from('<svg></svg>') })),
      415,
      'Only PNG, JPEG, WebP and GIF images are allowed',
    );
    await expectError(
      s.as(u.token).raw({ method: 'POST', path: UPLOAD_PATH, body: { kind: 'profilePicture' } }),
      415,
      'Expected a multipart/form-data upload',
    );
    expect((await s.as(u.token).call(profileEndpoints.ownProfile, {})).profilePicture).toBe('');
  });

  it('refuses a file larger than IMAGE_MAX_BYTES (5 MB) with 413', async () => {
    const u = await s.createUser();
    const big = Buffer.concat([tinyPng(), Buffer.alloc(5 * 1024 * 1024)]);
    await expectError(
      upload(u.token, form({ kind: 'profilePicture', file: big })),
      413,
      'File is too large (at most 5 MB)',
    );
    expect((await s.as(u.token).call(profileEndpoints.ownProfile, {})).profilePicture).toBe('');
  });

  it('refuses a missing token (401) and a guest (403)', async () => {
    await expectError(
      upload(null, form({ kind: 'profilePicture', file: tinyPng() })),
      401,
      'Unauthorized to perform action',
    );
    await expectError(
      upload(guestToken, form({ kind: 'profilePicture', file: tinyPng() })),
      403,
      'Guests cannot perform this action, please log in',
    );
  });
});

describe('GET /users/images/{id}', () => {
  it('serves the bytes with their content type and a cache header, without a token', async () => {
    const u = await s.createUser();
    const png = tinyPng();
    const img = await upload(u.token, form({ kind: 'profilePicture', file: png }));
    const { res, bytes } = await fetchImage(img.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(await pixels(bytes)).toEqual(await pixels(png));
  });

  it('answers 404 for an unknown or malformed id', async () => {
    await expectError(
      s.client.call(e.get, { params: { id: '00000000-0000-4000-8000-000000000000' } }),
      404,
      'Image not found.',
    );
    await expectError(s.client.call(e.get, { params: { id: 'nope' } }), 404, 'Image not found.');
  });
});

describe('DELETE /users/images/{id}', () => {
  it('lets the owner delete, clears the profile field and publishes the change', async () => {
    const u = await s.createUser();
    const c = s.as(u.token);
    const img = await upload(u.token, form({ kind: 'profilePicture', file: tinyPng() }));
    const event = await nextProfileEvent(u.uuid, (p) => p.profile.profilePicture === '');
    expect(await c.call(e.delete, { params: { id: img.id } })).toEqual({ success: true });
    expect((await event.received).profile.profilePicture).toBe('');
    expect((await c.call(profileEndpoints.ownProfile, {})).profilePicture).toBe('');
    await expectError(c.call(e.get, { params: { id: img.id } }), 404, 'Image not found.');
    await expectError(c.call(e.delete, { params: { id: img.id } }), 404, 'Image not found.');
  });

  it("refuses another user's image with 403 'Unauthorized to delete'", async () => {
    const owner = await s.createUser();
    const other = await s.createUser();
    const moderator = await s.createUser({ roles: ['user', 'moderator'] });
    const img = await upload(owner.token, form({ kind: 'coverPicture', file: tinyPng() }));
    await expectError(
      s.as(other.token).call(e.delete, { params: { id: img.id } }),
      403,
      'Unauthorized to delete',
    );
    await expectError(
      s.as(moderator.token).call(e.delete, { params: { id: img.id } }),
      403,
      'Unauthorized to delete',
    );
    expect((await fetchImage(img.url)).res.status).toBe(200);
    expect((await s.as(owner.token).call(profileEndpoints.ownProfile, {})).coverPicture).toBe(
      img.url,
    );
  });

  it('refuses a missing token (401) and a guest (403)', async () => {
    const u = await s.createUser();
    const img = await upload(u.token, form({ kind: 'coverPicture', file: tinyPng() }));
    await expectError(s.client.call(e.delete, { params: { id: img.id } }), 401);
    await expectError(
      s.as(guestToken).call(e.delete, { params: { id: img.id } }),
      403,
      'Guests cannot perform this action, please log in',
    );
  });
});
