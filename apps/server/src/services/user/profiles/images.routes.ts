import type { FastifyInstance } from 'fastify';
import { imagesEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import { ImagesService } from './images.service';
import type { AccountService } from '../service';

/** Profile and cover pictures: upload (multipart), serve, delete. */
export function registerImagesRoutes(app: FastifyInstance, accounts: AccountService): void {
  const images = new ImagesService(accounts);

  route(app, e.upload, ({ auth, request }) => images.upload(auth, request));

  route(app, e.get, async ({ params, reply }) => {
    const { image, data } = await images.read(params.id);
    // An id names one upload forever (a new picture gets a new id), so caches may keep it.
    reply
      .header('content-type', image.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff');
    return data;
  });

  route(app, e.delete, ({ auth, params }) => images.delete(auth, params.id));
}
