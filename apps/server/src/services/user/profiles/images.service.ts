import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { ImageKind, imageUrl, type ImageContentType, type UserImageDto } from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import { fail } from '../../../platform/errors';
import { readSingleFileUpload } from '../../../platform/multipart';
import { sanitizeImage } from '../../../platform/images';
import { ImagesRepository, type ImageRow } from './images.repository';
import { toPublicProfile, type AccountService } from '../service';

function toDto(row: ImageRow): UserImageDto {
  return {
    id: row.id,
    kind: row.kind,
    url: imageUrl(row.id),
    contentType: row.contentType as ImageContentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Profile and cover pictures: bytes in the platform file storage under images/<userUuid>/<id>,
 * a user_images row, and the profile field pointing at /api/user-service/users/images/<id>.
 */
export class ImagesService {
  readonly repo: ImagesRepository;

  constructor(readonly accounts: AccountService) {
    this.repo = new ImagesRepository(accounts.platform.db);
  }

  private get storage() {
    return this.accounts.platform.storage;
  }

  /** Reads the multipart upload: the `kind` field and one file, in any order. */
  private async readUpload(request: FastifyRequest): Promise<{ kind: ImageKind; data: Buffer }> {
    const { file, fields } = await readSingleFileUpload(request, {
      maxBytes: this.accounts.platform.config.IMAGE_MAX_BYTES,
      what: 'image',
    });
    const kind = fields.kind;
    const parsedKind = ImageKind.safeParse(typeof kind === 'string' ? kind.trim() : kind);
    if (!parsedKind.success) throw fail('IMAGE_KIND_INVALID');
    if (!file) throw fail('IMAGE_FILE_MISSING');
    return { kind: parsedKind.data, data: file.data };
  }

  /** Stores a new picture of its kind, replacing (and deleting) the previous one. */
  async upload(auth: AuthContext | null, request: FastifyRequest): Promise<UserImageDto> {
    const user = await this.accounts.me(auth);
    const upload = await this.readUpload(request);
    // SEC-IMAGE-1: checked and encoded again; only pixels are stored.
    const { data, contentType } = await sanitizeImage(upload.data);
    const kind = upload.kind;

    const id = randomUUID();
    const storageKey = `images/${user.uuid}/${id}`;
    await this.storage.put(storageKey, data);
    const saved = await this.accounts.repo
      .transaction(async (users, tx) => {
        const images = new ImagesRepository(tx);
        const previous = await images.ofUser(user.id, kind);
        await images.delete(previous.map((p) => p.id));
        const image = await images.insert({
          id,
          userId: user.id,
          kind,
          storageKey,
          contentType,
          size: data.length,
        });
        const profile = await users.update(user.id, { [kind]: imageUrl(id) });
        return { image, previous, profile };
      })
      .catch(async (err: unknown) => {
        await this.storage.delete(storageKey);
        throw err;
      });
    for (const old of saved.previous) await this.storage.delete(old.storageKey);
    await this.accounts.emit('user.profileUpdated', {
      uuid: saved.profile.uuid,
      profile: toPublicProfile(saved.profile),
    });
    return toDto(saved.image);
  }

  /** The bytes and content type of an image, or 404. */
  async read(id: string): Promise<{ image: ImageRow; data: Buffer }> {
    const image = await this.repo.byId(id);
    const data = image ? await this.storage.get(image.storageKey) : null;
    if (!image || !data) throw fail('IMAGE_NOT_FOUND');
    return { image, data };
  }

  /** Deletes one of the caller's images; only the owner may. Clears the profile field using it. */
  async delete(auth: AuthContext | null, id: string): Promise<{ success: boolean }> {
    const user = await this.accounts.me(auth);
    const image = await this.repo.byId(id);
    if (!image) throw fail('IMAGE_NOT_FOUND');
    if (image.userId !== user.id) throw fail('IMAGE_DELETE_FORBIDDEN');
    const updatedUser = await this.accounts.repo.transaction(async (users, tx) => {
      await new ImagesRepository(tx).delete([image.id]);
      const current = await users.byId(user.id);
      if (current && current[image.kind] === imageUrl(image.id)) {
        return users.update(user.id, { [image.kind]: '' });
      }
      return undefined;
    });
    await this.storage.delete(image.storageKey);
    if (updatedUser) {
      await this.accounts.emit('user.profileUpdated', {
        uuid: updatedUser.uuid,
        profile: toPublicProfile(updatedUser),
      });
    }
    return { success: true };
  }
}
