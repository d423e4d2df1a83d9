import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { ImageKind } from '../enums';
import { IdParam } from './dto';

const S = 'user' as const;

/** Image types accepted for upload (checked on the file's bytes). */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const ImageContentType = z.enum(IMAGE_CONTENT_TYPES);
export type ImageContentType = z.infer<typeof ImageContentType>;

export const UserImageDto = z.object({
  id: z.string(),
  kind: ImageKind,
  /** Absolute path on the platform origin, e.g. /api/user-service/users/images/<id>. */
  url: z.string(),
  contentType: ImageContentType,
  size: z.number().int(),
  createdAt: z.string(),
});
export type UserImageDto = z.infer<typeof UserImageDto>;

/** The path of an image on the platform origin. */
export const imageUrl = (id: string) => `/api/user-service/users/images/${id}`;

export const imagesEndpoints = {
  /**
   * multipart/form-data: a field `kind` (profilePicture | coverPicture) and one file
   * (PNG, JPEG, WebP or GIF, at most IMAGE_MAX_BYTES). Replaces the previous image of that kind.
   */
  upload: endpoint({
    service: S,
    method: 'POST',
    path: '/users/images',
    auth: 'user',
    summary:
      'Uploads a profile or cover picture (multipart: field kind + one image file); sets it on the profile',
    multipart: true,
    response: UserImageDto,
    status: 201,
  }),
  get: endpoint({
    service: S,
    method: 'GET',
    path: '/users/images/{id}',
    auth: 'public',
    summary: 'The bytes of an uploaded image, with its content type',
    params: IdParam,
    produces: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'],
    response: z.unknown().describe('The image bytes (PNG, JPEG, WebP or GIF)'),
  }),
  delete: endpoint({
    service: S,
    method: 'DELETE',
    path: '/users/images/{id}',
    auth: 'user',
    summary: "Deletes one of the caller's images (only the owner may); clears it from the profile",
    params: IdParam,
    response: OkResponse,
  }),
};
