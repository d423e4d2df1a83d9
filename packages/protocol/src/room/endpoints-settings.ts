import { z } from 'zod';
import { endpoint, OkResponse } from '../contract';
import { IMAGE_CONTENT_TYPES } from '../user/images';
import { DjType, RoomDto, RoomRules, RoomSettingsInput } from './dto';
import { DiscordGuildParam } from './endpoints-lists';
import { MAX_PINNED_MESSAGES, RoomIdParam } from './endpoints-shared';

const S = 'room' as const;

export const PinnedMessageInput = z.object({
  /** The chat message's id. */
  id: z.string().min(1).max(200),
  message: z.string().trim().min(1, 'must not be empty').max(2000),
  /** Its author. */
  userUuid: z.string().uuid(),
  /** Defaults to now. */
  pinnedAt: z.iso.datetime({ offset: true }).optional(),
});
export const PinnedMessagesReq = z.object({
  pinnedMessages: z
    .array(PinnedMessageInput)
    .max(MAX_PINNED_MESSAGES, `at most ${MAX_PINNED_MESSAGES} pinned messages`),
});

export const ExternalUrlReq = z.object({
  externalUrl: z
    .string()
    .trim()
    .max(2000)
    .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'must be an http(s) URL')
    .nullable(),
});

export const PromoteReq = z.object({ promoted: z.boolean() });
export const DjTypeReq = z.object({ djType: DjType });
export const LiveAudioReq = z.object({ liveAudio: z.boolean() });
export const LiveStateReq = z.object({ isLive: z.boolean() });
export const DjSeatsReq = z.object({ numberOfDjs: RoomSettingsInput.shape.numberOfDjs });
/** ROOM-RULES-5: the room's rules, all at once (a missing or null rule is off). */
export const RoomRulesReq = z.object({ rules: RoomRules });
export const GuestPasswordReq = z.object({
  roomUuid: z.string().uuid(),
  password: z.string().min(1).max(100),
});
export const ClearGuestPasswordReq = z.object({ roomUuid: z.string().uuid() });
export const AttachDiscordReq = z.object({ roomUuid: z.string().uuid() });

const infra = <B extends z.ZodType>(path: string, summary: string, body: B) =>
  endpoint({
    service: S,
    method: 'PATCH',
    path,
    auth: 'user',
    summary,
    params: RoomIdParam,
    body,
    response: RoomDto,
  });

/**
 * A room's extras and single settings: pinned messages, poster, external URL, the
 * `…/infrastructure` switches, the guest password, the chat conversation and Discord.
 * Managers are the room's owner and co-owners and global moderators.
 */
export const roomSettingsEndpoints = {
  pinnedMessages: endpoint({
    service: S,
    method: 'POST',
    path: '/rooms/{id}/pinned-messages',
    auth: 'user',
    summary: `Replaces the pinned messages (room owner, co-owners, moderators; at most ${MAX_PINNED_MESSAGES})`,
    params: RoomIdParam,
    body: PinnedMessagesReq,
    response: RoomDto,
  }),
  uploadPoster: endpoint({
    service: S,
    method: 'POST',
    path: '/rooms/{id}/poster',
    auth: 'user',
    summary:
      "Uploads the room's poster (multipart: one PNG, JPEG, WebP or GIF file; managers); replaces the previous one",
    params: RoomIdParam,
    multipart: true,
    response: RoomDto,
    status: 201,
  }),
  deletePoster: endpoint({
    service: S,
    method: 'DELETE',
    path: '/rooms/{id}/poster',
    auth: 'user',
    summary: "Removes the room's poster (managers)",
    params: RoomIdParam,
    response: RoomDto,
  }),
  posterImage: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/{id}/poster/image',
    auth: 'public',
    summary: "The bytes of the room's poster",
    params: RoomIdParam,
    produces: [...IMAGE_CONTENT_TYPES],
    response: z.unknown().describe('The image bytes (PNG, JPEG, WebP or GIF)'),
  }),
  externalUrl: endpoint({
    service: S,
    method: 'POST',
    path: '/rooms/{id}/externalUrl',
    auth: 'user',
    summary: "Sets (or with null clears) the room's external link (managers)",
    params: RoomIdParam,
    body: ExternalUrlReq,
    response: RoomDto,
  }),
  promote: infra(
    '/rooms/promote/{id}/infrastructure',
    'Promotes or demotes a room (promoteRoom capability or admins)',
    PromoteReq,
  ),
  djType: infra('/rooms/dj-type/{id}/infrastructure', 'Who may DJ (managers)', DjTypeReq),
  liveAudio: infra(
    '/rooms/live-audio/{id}/infrastructure',
    'Turns live audio on or off (managers)',
    LiveAudioReq,
  ),
  liveState: infra(
    '/rooms/live-state/{id}/infrastructure',
    'Opens (isLive) or closes the room (managers)',
    LiveStateReq,
  ),
  djSeats: infra(
    '/rooms/dj-seats/{id}/infrastructure',
    'Number of DJ seats (managers)',
    DjSeatsReq,
  ),
  rules: infra(
    '/rooms/rules/{id}/infrastructure',
    "Sets the room's rules (managers; recorded in the moderation log)",
    RoomRulesReq,
  ),
  setGuestPassword: endpoint({
    service: S,
    method: 'POST',
    path: '/rooms/admin/guest-password',
    auth: 'user',
    summary: 'Sets the password guests give to listen in (managers)',
    body: GuestPasswordReq,
    response: RoomDto,
  }),
  clearGuestPassword: endpoint({
    service: S,
    method: 'DELETE',
    path: '/rooms/admin/guest-password',
    auth: 'user',
    summary: 'Removes the guest password (managers)',
    body: ClearGuestPasswordReq,
    response: RoomDto,
  }),
  clearConversation: endpoint({
    service: S,
    method: 'DELETE',
    path: '/rooms/conversation/{id}',
    auth: 'user',
    summary: "Detaches the room's chat conversation (managers)",
    params: RoomIdParam,
    response: OkResponse,
  }),
  attachDiscord: endpoint({
    service: S,
    method: 'POST',
    path: '/rooms/discord/{guildId}',
    auth: 'user',
    summary: 'Attaches a room to a Discord server (managers of the room)',
    params: DiscordGuildParam,
    body: AttachDiscordReq,
    response: RoomDto,
  }),
};
