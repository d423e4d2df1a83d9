import sharp, { type Metadata } from 'sharp';
import type { ImageContentType } from '@tt/protocol';
import { fail } from './errors';
import { sniffImageType } from './image-type';

/** SEC-IMAGE-1: the largest picture stored: a side, and the pixels of one frame. */
export const IMAGE_MAX_SIDE = 8192;
export const IMAGE_MAX_PIXELS = 25_000_000;
/** Every frame of an animation together (an animated GIF or WebP). */
const ANIMATION_MAX_PIXELS = 4 * IMAGE_MAX_PIXELS;

export interface StoredImage {
  data: Buffer;
  contentType: ImageContentType;
}

const tooLarge = () =>
  fail(
    'IMAGE_DIMENSIONS_TOO_LARGE',
    `The image is too large (at most ${IMAGE_MAX_SIDE} pixels a side and ${IMAGE_MAX_PIXELS / 1_000_000} megapixels).`,
  );

/**
 * SEC-IMAGE-1: an uploaded picture as it is stored (profile and cover pictures, room posters).
 * Its type comes from its bytes (PNG, JPEG, WebP, GIF: 415 otherwise); its size is read from the
 * header before anything is decoded and refused past IMAGE_MAX_SIDE a side or IMAGE_MAX_PIXELS
 * (400: a small file declaring 30000 × 30000 would take gigabytes to decode); then it is decoded
 * and encoded again in its own format, turned upright by its EXIF orientation, so that only
 * pixels are kept — EXIF (GPS position, camera), XMP, ICC profiles and comments are dropped, and
 * bytes hidden after the image go with them. A file that does not decode is refused (400).
 */
export async function sanitizeImage(input: Buffer): Promise<StoredImage> {
  const contentType = sniffImageType(input);
  if (!contentType) throw fail('IMAGE_TYPE_UNSUPPORTED');
  const animated = contentType === 'image/gif' || contentType === 'image/webp';
  let meta: Metadata;
  try {
    // The header only: the pixel limit is ours, below.
    meta = await sharp(input, { animated, limitInputPixels: false }).metadata();
  } catch {
    throw fail('IMAGE_UNREADABLE');
  }
  const width = meta.width ?? 0;
  const height = meta.pageHeight ?? meta.height ?? 0;
  const frames = Math.max(1, meta.pages ?? 1);
  if (width <= 0 || height <= 0) throw fail('IMAGE_UNREADABLE');
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) throw tooLarge();
  if (width * height > IMAGE_MAX_PIXELS || width * height * frames > ANIMATION_MAX_PIXELS) {
    throw tooLarge();
  }
  try {
    // Damaged data is refused; a mere warning (say, bytes after the end) is not.
    const image = sharp(input, {
      animated,
      failOn: 'error',
      limitInputPixels: ANIMATION_MAX_PIXELS,
    }).rotate();
    const encoded =
      contentType === 'image/png'
        ? image.png()
        : contentType === 'image/jpeg'
          ? image.jpeg({ quality: 90 })
          : contentType === 'image/webp'
            ? image.webp({ quality: 90 })
            : image.gif();
    return { data: await encoded.toBuffer(), contentType };
  } catch {
    throw fail('IMAGE_UNREADABLE');
  }
}
