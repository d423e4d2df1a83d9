import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { DjType, PinnedMessageDto, RoomDto, RoomRules } from '@tt/protocol';
import { requireAccessWith } from '../../platform/access';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { moderationRecord } from '../../platform/moderation-record';
import { ChangeWork } from '../../platform/outbox/change';
import { readSingleFileUpload } from '../../platform/multipart';
import { sniffImageType } from '../../platform/image-type';
import { sanitizeImage } from '../../platform/images';
import type { RoomCore } from './core';
import type { NewRoom, RoomRow } from './rooms.repository';

/** The path of a room's poster; `v` changes with every upload so caches never serve an old one. */
export const posterUrl = (roomUuid: string, version: string) =>
  `/api/room-service/rooms/${roomUuid}/poster/image?v=${version}`;

/**
 * A room's extras and single settings: pinned messages, poster, external URL, the
 * infrastructure switches, the guest password, the chat conversation and Discord.
 * Each change that clients see emits room.settingsUpdated.
 */
export class RoomSettingsService {
  constructor(readonly core: RoomCore) {}

  private async save(room: RoomRow, patch: Partial<NewRoom>): Promise<RoomDto> {
    const updated = await this.core.rooms.update(room.id, patch);
    await this.core.settingsUpdated(updated);
    return this.core.dto(updated);
  }

  /** Managers change one setting. */
  async set(auth: AuthContext | null, id: string, patch: Partial<NewRoom>): Promise<RoomDto> {
    const { room } = await this.core.loadFor(auth, id, 'room.settings.edit');
    return this.save(room, patch);
  }

  setDjType = (auth: AuthContext | null, id: string, djType: DjType) =>
    this.set(auth, id, { djType });
  setLiveAudio = (auth: AuthContext | null, id: string, liveAudio: boolean) =>
    this.set(auth, id, { liveAudio });
  setLiveState = (auth: AuthContext | null, id: string, isLive: boolean) =>
    this.set(auth, id, { isLive });
  setDjSeats = (auth: AuthContext | null, id: string, numberOfDjs: number) =>
    this.set(auth, id, { numberOfDjs });
  setExternalUrl = (auth: AuthContext | null, id: string, externalUrl: string | null) =>
    this.set(auth, id, { externalUrl });

  /**
   * ROOM-RULES-5: managers replace the room's rules (null rules dropped; none left: no rules); the
   * change is recorded in the moderation log in the same transaction (AUDIT-MOD-1).
   */
  async setRules(auth: AuthContext | null, id: string, rules: RoomRules): Promise<RoomDto> {
    const { room } = await this.core.loadFor(auth, id, 'room.settings.edit');
    const kept = Object.fromEntries(
      Object.entries(rules).filter(([, v]) => v !== null && v !== undefined),
    ) as RoomRules;
    if (kept.boothLock) kept.boothLock = [...new Set(kept.boothLock)];
    const next = Object.keys(kept).length ? kept : null;
    const record = moderationRecord({
      actorUuid: auth!.uuid,
      targetUuid: room.uuid,
      actionType: 'roomRulesChanged',
      roomUuid: room.uuid,
      reason: JSON.stringify(next ?? {}),
    });
    const work = new ChangeWork(this.core.platform);
    const updated = await this.core.rooms.transaction(async (rooms, tx) => {
      const row = await rooms.update(room.id, { rules: next });
      await work.in(tx)('moderation.recorded', record);
      return row;
    });
    await work.committed();
    await this.core.settingsUpdated(updated);
    return this.core.dto(updated);
  }

  /** Holders of the promoteRoom capability and admins promote any room. */
  async promote(auth: AuthContext | null, id: string, promoted: boolean): Promise<RoomDto> {
    const room = await this.core.find(id);
    await requireAccessWith(this.core.platform.ports, auth, 'room.promote');
    return this.save(room, { promoted });
  }

  /** The room's moderators replace the pinned messages. */
  async pinMessages(
    auth: AuthContext | null,
    id: string,
    messages: { id: string; message: string; userUuid: string; pinnedAt?: string }[],
  ): Promise<RoomDto> {
    const { room } = await this.core.loadFor(auth, id, 'room.pins.edit');
    const now = new Date().toISOString();
    const pinnedMessages: PinnedMessageDto[] = messages.map((m) => ({
      id: m.id,
      message: m.message,
      userUuid: m.userUuid,
      pinnedAt: m.pinnedAt ? new Date(m.pinnedAt).toISOString() : now,
    }));
    return this.save(room, { pinnedMessages });
  }

  async setGuestPassword(
    auth: AuthContext | null,
    roomUuid: string,
    password: string | null,
  ): Promise<RoomDto> {
    const { room } = await this.core.loadFor(auth, roomUuid, 'room.settings.edit');
    const guestPasswordHash = password === null ? null : await this.core.passwords.hash(password);
    return this.save(room, { guestPasswordHash });
  }

  async clearConversation(auth: AuthContext | null, id: string): Promise<{ success: boolean }> {
    const { room } = await this.core.loadFor(auth, id, 'room.settings.edit');
    await this.core.rooms.update(room.id, { conversationId: null });
    return { success: true };
  }

  /** Attaches the room to a Discord server (replacing any previous one). */
  async attachDiscord(
    auth: AuthContext | null,
    guildId: string,
    roomUuid: string,
  ): Promise<RoomDto> {
    const { room } = await this.core.loadFor(auth, roomUuid, 'room.settings.edit');
    const updated = await this.core.rooms.update(room.id, { discordGuildId: guildId });
    return this.core.dto(updated);
  }

  // ---- poster ----

  /** The first file of the multipart upload (other fields are ignored). */
  private async readFile(request: FastifyRequest): Promise<Buffer> {
    const { file } = await readSingleFileUpload(request, {
      maxBytes: this.core.platform.config.IMAGE_MAX_BYTES,
      what: 'image',
    });
    if (!file) throw fail('IMAGE_FILE_MISSING');
    return file.data;
  }

  /**
   * Managers upload a poster (PNG, JPEG, WebP or GIF by its bytes, checked and encoded again:
   * SEC-IMAGE-1); the previous one is deleted.
   */
  async uploadPoster(auth: AuthContext | null, id: string, request: FastifyRequest) {
    const { room } = await this.core.loadFor(auth, id, 'room.settings.edit');
    const { data } = await sanitizeImage(await this.readFile(request));
    const version = randomUUID();
    const key = `posters/${room.uuid}/${version}`;
    const storage = this.core.platform.storage;
    await storage.put(key, data);
    const dto = await this.save(room, {
      posterKey: key,
      posterUrl: posterUrl(room.uuid, version.slice(0, 8)),
    });
    if (room.posterKey) await storage.delete(room.posterKey);
    return dto;
  }

  async deletePoster(auth: AuthContext | null, id: string): Promise<RoomDto> {
    const { room } = await this.core.loadFor(auth, id, 'room.settings.edit');
    if (!room.posterKey) throw fail('ROOM_POSTER_NOT_FOUND');
    const dto = await this.save(room, { posterKey: null, posterUrl: null });
    await this.core.platform.storage.delete(room.posterKey);
    return dto;
  }

  /** The poster's bytes and their type. */
  async poster(id: string): Promise<{ data: Buffer; contentType: string }> {
    const room = await this.core.find(id);
    const data = room.posterKey ? await this.core.platform.storage.get(room.posterKey) : null;
    const contentType = data ? sniffImageType(data) : null;
    if (!data || !contentType) throw fail('ROOM_POSTER_NOT_FOUND');
    return { data, contentType };
  }
}
