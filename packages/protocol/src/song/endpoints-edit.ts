import { z } from 'zod';
import { OkResponse, endpoint } from '../contract';
import { SongDto, SongIdParam, SongListQuery, SongListRes, SongStatus } from './dto';

const S = 'song' as const;

/** Longest title, artist, genre or album name. */
export const MAX_SONG_TAG_LENGTH = 200;

const requiredTag = z.string().trim().min(1, 'must not be empty').max(MAX_SONG_TAG_LENGTH);
/** An optional tag: null or an empty string clears it. */
const optionalTag = z.string().trim().max(MAX_SONG_TAG_LENGTH).nullable().optional();

/** ISO 3901: country (2 letters), registrant (3), year (2 digits), designation (5 digits). */
export const ISRC_PATTERN = /^[A-Z]{2}[A-Z0-9]{3}\d{7}$/;

/** The tags of a song its uploader (or staff) may change. */
const tagFields = {
  trackName: requiredTag,
  artistName: requiredTag,
  genre: optionalTag,
  albumName: optionalTag,
  releaseYear: z.number().int().min(1000).max(9999).nullable().optional(),
  isrc: z
    .string()
    .trim()
    .toUpperCase()
    .regex(ISRC_PATTERN, 'must be an ISRC such as USRC17607839')
    .nullable()
    .optional(),
  explicit: z.boolean().optional(),
};

/** A song named by its short id or its numeric id. */
export const SongRef = z.union([
  z.string().trim().min(1).max(64),
  z.number().int().positive().max(2147483647),
]);

/** POST /metadata: the song's tags, title and artist included. */
export const SongMetadataBody = z.object({ songId: SongRef, ...tagFields });
export type SongMetadataBody = z.output<typeof SongMetadataBody>;

/** PATCH /songs/{id}: the tags to change (at least one). */
export const SongTagsPatch = z
  .object({
    ...tagFields,
    trackName: requiredTag.optional(),
    artistName: requiredTag.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Send at least one tag to change',
  });
export type SongTagsPatch = z.output<typeof SongTagsPatch>;

/** GET /songs/mine: paging, and optionally one status. */
export const MySongsQuery = SongListQuery.extend({ status: SongStatus.optional() });

/** The kinds of HTTP message AWS SNS posts to a subscribed endpoint. */
export const SNS_MESSAGE_TYPES = [
  'SubscriptionConfirmation',
  'Notification',
  'UnsubscribeConfirmation',
] as const;

const snsText = (max: number) => z.string().max(max).optional();

/**
 * An AWS SNS HTTP(S) message as posted to POST /upload/transcoder_sns (SNS sends it with
 * `Content-Type: text/plain`; JSON is accepted too). `Message` is a JSON string: see
 * TranscoderMessage. Signatures are not checked: the shared secret authenticates the caller.
 */
export const TranscoderSnsBody = z.object({
  Type: z.enum(SNS_MESSAGE_TYPES),
  MessageId: z.string().min(1).max(200),
  Message: z.string().max(65536),
  TopicArn: snsText(512),
  Subject: z.string().max(512).nullable().optional(),
  Timestamp: snsText(64),
  Token: snsText(2048),
  SubscribeURL: z
    .url({ protocol: /^https?$/ })
    .max(2048)
    .optional(),
  UnsubscribeURL: snsText(2048),
  SignatureVersion: snsText(8),
  Signature: snsText(2048),
  SigningCertURL: snsText(2048),
});
export type TranscoderSnsBody = z.output<typeof TranscoderSnsBody>;

/** The external transcoder's outcome for one song: the `Message` of a Notification. */
export const TranscoderMessage = z
  .object({
    songId: SongRef,
    status: z.enum(['COMPLETE', 'ERROR']),
    /** Where the transcoder put the HLS playlist (required with COMPLETE). */
    hlsPlaylistUrl: z
      .url({ protocol: /^https?$/ })
      .max(2048)
      .optional(),
    /** Seconds of audio in the rendition. */
    duration: z.number().min(0).max(86400).optional(),
    errorMessage: z.string().max(2000).optional(),
  })
  .refine((m) => m.status !== 'COMPLETE' || m.hlsPlaylistUrl !== undefined, {
    path: ['hlsPlaylistUrl'],
    message: 'is required when status is COMPLETE',
  });
export type TranscoderMessage = z.output<typeof TranscoderMessage>;

/** The shared secret, when the caller cannot send the x-transcoder-token header (SNS). */
export const TranscoderSnsQuery = z.object({ token: z.string().max(512).optional() });

export const TranscoderSnsRes = z.object({
  type: z.enum(SNS_MESSAGE_TYPES),
  /** SubscriptionConfirmation: SubscribeURL answered 2xx. */
  confirmed: z.boolean().optional(),
  /** Notification: the song and the status it has now. */
  songShortId: z.string().optional(),
  status: SongStatus.optional(),
});
export type TranscoderSnsRes = z.infer<typeof TranscoderSnsRes>;

/** Song service: tag edits, deletion, one's own uploads, the external transcoder's callback. */
export const songEditContracts = {
  metadata: endpoint({
    service: S,
    method: 'POST',
    path: '/metadata',
    auth: 'user',
    summary:
      "Sets a song's tags (songId, trackName, artistName; genre, albumName, releaseYear, isrc, explicit). Only its uploader, a moderator or an admin (403 otherwise). A MISSING_METADATA upload moves on to verification (VALID_FILE_TYPE, then a transcode)",
    body: SongMetadataBody,
    response: SongDto,
  }),
  editTags: endpoint({
    service: S,
    method: 'PATCH',
    path: '/songs/{id}',
    auth: 'user',
    summary:
      "Changes some of a song's tags. Only its uploader, a moderator or an admin (403 otherwise); a MISSING_METADATA upload that now has a title and an artist moves on to verification",
    params: SongIdParam,
    body: SongTagsPatch,
    response: SongDto,
  }),
  delete: endpoint({
    service: S,
    method: 'DELETE',
    path: '/songs/{id}',
    auth: 'user',
    summary:
      'Deletes a song with its uploaded file, its HLS rendition and its key. Only its uploader or an admin',
    params: SongIdParam,
    response: OkResponse,
  }),
  mine: endpoint({
    service: S,
    method: 'GET',
    path: '/songs/mine',
    auth: 'user',
    summary:
      "The caller's uploads in every status (or one, with status), newest first (limit ≤ 50, offset)",
    query: MySongsQuery,
    response: SongListRes,
  }),
  transcoderSns: endpoint({
    service: S,
    method: 'POST',
    path: '/upload/transcoder_sns',
    auth: 'public',
    summary:
      "An external transcoder's outcome as an AWS SNS HTTP message (SubscriptionConfirmation: SubscribeURL is visited; Notification: Message is {songId, status: COMPLETE|ERROR, hlsPlaylistUrl, duration}). Authenticated by TRANSCODER_SNS_SECRET in the x-transcoder-token header or the token query parameter; 404 when it is not configured",
    query: TranscoderSnsQuery,
    body: TranscoderSnsBody,
    response: TranscoderSnsRes,
  }),
};
