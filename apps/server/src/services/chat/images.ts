import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  CHAT_IMAGE_ID,
  chatImagePath,
  type ChatImageDto,
  type ImageContentType,
} from '@tt/protocol';
import { fail } from '../../platform/errors';
import { sanitizeImage } from '../../platform/images';
import { readSingleFileUpload } from '../../platform/multipart';
import type { ChatCaller } from './access';
import type { ChatCore } from './core';

const EXT: Record<ImageContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};
const TYPE_OF: Record<string, ImageContentType> = Object.fromEntries(
  Object.entries(EXT).map(([type, ext]) => [ext, type as ImageContentType]),
);

const key = (id: string) => `chat-images/${id}`;

/**
 * CHAT-IMAGE-3: chat images are uploaded to us: one file of at most IMAGE_MAX_BYTES, its type read
 * from its bytes, checked and encoded again (SEC-IMAGE-1: pixels only); the id names the upload
 * forever. Uploads count as chat writes (CHAT-FLOOD-1).
 */
export class ChatImages {
  constructor(private readonly core: ChatCore) {}

  async upload(caller: ChatCaller, request: FastifyRequest): Promise<ChatImageDto> {
    if (caller.readOnly) throw fail('CHAT_READ_ONLY');
    const { file } = await readSingleFileUpload(request, {
      maxBytes: this.core.platform.config.IMAGE_MAX_BYTES,
      what: 'image',
    });
    if (!file) throw fail('IMAGE_FILE_MISSING');
    await this.core.flood.take(caller.uid);
    const { data, contentType } = await sanitizeImage(file.data);
    const id = `${randomUUID()}.${EXT[contentType]}`;
    await this.core.platform.storage.put(key(id), data);
    this.core.platform.log.info({ imageId: id, uid: caller.uid }, 'chat image uploaded');
    return { id, url: chatImagePath(id), contentType, size: data.length };
  }

  async read(id: string): Promise<{ data: Buffer; contentType: ImageContentType }> {
    const m = CHAT_IMAGE_ID.exec(id);
    const data = m ? await this.core.platform.storage.get(key(id)) : null;
    if (!m || !data) throw fail('NOT_FOUND', 'Image not found.');
    return { data, contentType: TYPE_OF[m[1]] };
  }
}
