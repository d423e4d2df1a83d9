import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imagesEndpoints, roomEndpoints, roomSettingsEndpoints } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';

/**
 * SEC-IMAGE-1: pictures (profile, cover, room poster) are refused past 8192 px a side or 25
 * megapixels, read from the header before decoding, and stored encoded again without metadata.
 */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A few hundred bytes that declare a `width` × `height` RGBA PNG (a decompression bomb). */
function declaredPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function imageForm(file: Buffer, kind?: string): FormData {
  const fd = new FormData();
  if (kind) fd.append('kind', kind);
  fd.append('file', new Blob([new Uint8Array(file)], { type: 'image/png' }), 'picture');
  return fd;
}

const uploadPicture = (token: string, file: Buffer, kind = 'profilePicture') =>
  s.as(token).call(imagesEndpoints.upload, { body: imageForm(file, kind) as never });

const TOO_LARGE = 'The image is too large (at most 8192 pixels a side and 25 megapixels).';

describe('SEC-IMAGE-1', () => {
  it('SEC-IMAGE-1: a PNG declaring 30000 × 30000 px is refused as a profile or cover picture', async () => {
    const u = await s.createUser();
    const bomb = declaredPng(30_000, 30_000);
    expect(bomb.length).toBeLessThan(1000);
    for (const kind of ['profilePicture', 'coverPicture']) {
      const body = await expectError(uploadPicture(u.token, bomb, kind), 400, TOO_LARGE);
      expect(body).toMatchObject({ code: 'IMAGE_DIMENSIONS_TOO_LARGE' });
    }
    // Sides within the limit but 36 megapixels; few pixels but too tall.
    await expectError(uploadPicture(u.token, declaredPng(6000, 6000)), 400, TOO_LARGE);
    await expectError(uploadPicture(u.token, declaredPng(100, 9000)), 400, TOO_LARGE);
  });

  it('SEC-IMAGE-1: a room poster past the limits is refused too', async () => {
    const owner = await s.createUser();
    const room = await s.as(owner.token).call(roomEndpoints.create, {
      body: { name: 'Poster Bomb', design: 'CLUB' },
    });
    const call = s.as(owner.token).call(roomSettingsEndpoints.uploadPoster, {
      params: { id: room.uuid },
      body: imageForm(declaredPng(30_000, 30_000)) as never,
    });
    await expectError(call, 400, TOO_LARGE);
  });

  it('SEC-IMAGE-1: pictures are stored without their metadata, upright, and broken ones refused', async () => {
    const u = await s.createUser();
    // A JPEG carrying an EXIF comment (where cameras put GPS positions) and a rotation.
    const photo = await sharp({
      create: { width: 40, height: 20, channels: 3, background: '#562df9' },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { Copyright: 'home-gps-48.85N-2.35E' } })
      .toBuffer();
    expect(photo.includes('home-gps')).toBe(true);
    const img = await uploadPicture(u.token, photo);
    const res = await fetch(`${s.url}${img.url}`);
    const stored = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(stored.includes('home-gps')).toBe(false);
    const meta = await sharp(stored).metadata();
    expect(meta.exif).toBeUndefined();
    // Turned upright by its orientation (6: 90°), then the orientation dropped.
    expect(meta).toMatchObject({ format: 'jpeg', width: 20, height: 40 });

    const broken = declaredPng(10, 10);
    const body = await expectError(uploadPicture(u.token, broken), 400);
    expect(body).toMatchObject({ code: 'IMAGE_UNREADABLE' });
  });
});
