import { z } from 'zod';
import type { ErrorCode } from '../errors';

/**
 * The built-in live-audio socket (LIVE-AUDIO-1..9, docs/ROOM-RULES.md): a websocket of its own
 * beside /primus, opened with the session token (`?token=`). Speakers send Opus packets (WebCodecs
 * `AudioEncoder`, 48 kHz mono), base64 in JSON frames; the server relays them to everyone else in
 * the room's live audio, across processes through the bus. Every frame is JSON text.
 */
export const LIVE_AUDIO_PATH = '/api/live-audio/socket';

/** The codec every speaker encodes with and every listener decodes. */
export const LIVE_AUDIO_CODEC = {
  codec: 'opus',
  sampleRate: 48_000,
  numberOfChannels: 1,
  bitrate: 32_000,
} as const;

/** LIVE-AUDIO-6: the caps on what a speaker sends. */
export const LIVE_AUDIO_LIMITS = {
  /** Largest websocket frame the server reads, bytes. */
  maxFrameBytes: 16_384,
  /** Largest Opus packet, bytes (base64: 4/3 of it). */
  maxPacketBytes: 1_000,
  /** Packets in one audio frame. */
  maxPacketsPerFrame: 12,
  /** Audio frames a second a speaker may send (a burst of `burst` first). */
  framesPerSecond: 30,
  burst: 60,
} as const;

const Uuid = z.string().uuid();
const Packet = z
  .string()
  .max(Math.ceil(LIVE_AUDIO_LIMITS.maxPacketBytes / 3) * 4)
  .regex(/^[A-Za-z0-9+/]*={0,2}$/);

/** What a client sends. */
export const LiveAudioClientMessage = z.discriminatedUnion('type', [
  /**
   * Enter the room's live audio (listen; see who talks). `audio: false`: the state only, no Opus
   * packets (a phone hears the MP3 listen stream instead, LIVE-AUDIO-12).
   */
  z.object({ type: z.literal('join'), roomUuid: Uuid, audio: z.boolean().optional() }),
  /** Take the mic (LIVE-AUDIO-2). */
  z.object({ type: z.literal('speak') }),
  /** Leave the mic. */
  z.object({ type: z.literal('stop') }),
  /** Opus packets, in order; `seq` counts frames. */
  z.object({
    type: z.literal('audio'),
    seq: z.number().int().nonnegative(),
    packets: z.array(Packet).min(1).max(LIVE_AUDIO_LIMITS.maxPacketsPerFrame),
  }),
  /** Raise or lower one's hand (LIVE-AUDIO-3). */
  z.object({ type: z.literal('hand'), raised: z.boolean() }),
  /** A host lets a listener talk, or takes it back (LIVE-AUDIO-3). */
  z.object({ type: z.literal('invite'), userUuid: Uuid, allowed: z.boolean() }),
  /** A moderator cuts someone's audio (LIVE-AUDIO-4). */
  z.object({ type: z.literal('cut'), userUuid: Uuid }),
]);
export type LiveAudioClientMessage = z.infer<typeof LiveAudioClientMessage>;

/** Who is doing what in a room's live audio now. */
export interface LiveAudioState {
  speakers: string[];
  hands: string[];
  invited: string[];
}

/** What the server sends. */
export type LiveAudioServerMessage =
  /** Joined; clients read who may do what from the permission table (`can`). */
  | { type: 'ready'; roomUuid: string; userUuid: string }
  | ({ type: 'state' } & LiveAudioState)
  | { type: 'speaking' }
  | { type: 'audio'; from: string; seq: number; packets: string[] }
  /** A moderator cut this connection's audio (LIVE-AUDIO-4). */
  | { type: 'cut' }
  | { type: 'error'; code: ErrorCode; error: string; of?: LiveAudioClientMessage['type'] };

/**
 * LIVE-AUDIO-12..14, LIVE-AUDIO-16: a room's live voice as one continuous MP3 stream (`audio/mpeg`, chunked) for
 * players that cannot decode the Opus packets themselves (phones: AVPlayer, ExoPlayer). `GET`,
 * with the session token as `?token=` (a native player sends no headers of ours) or a bearer
 * header; the same entry checks as joining the live-audio socket.
 */
export const LIVE_AUDIO_LISTEN_PATH = '/api/live-audio/rooms/{roomUuid}/listen';

/** The listen stream's URL path for a room (append `?token=`). */
export const liveAudioListenPath = (roomUuid: string) =>
  LIVE_AUDIO_LISTEN_PATH.replace('{roomUuid}', encodeURIComponent(roomUuid));

/** LIVE-AUDIO-12, LIVE-AUDIO-14: what the listen stream is, and its caps per room and process. */
export const LIVE_AUDIO_LISTEN = {
  contentType: 'audio/mpeg',
  /** Mixed and encoded at this rate, mono. */
  sampleRate: 24_000,
  bitrate: 32_000,
  /** The mixer's clock: one block of PCM every this many ms. */
  blockMs: 20,
  /** Phones one process streams one room to. */
  maxPerRoom: 200,
  /** Streams one account holds open to one room on a process. */
  maxPerUser: 2,
  /** Rooms one process encodes at once. */
  maxRooms: 100,
} as const;

/** LIVE-AUDIO-8: the share of its volume the room's music keeps while someone talks. */
export const LIVE_AUDIO_DUCK_FACTOR = 0.3;
