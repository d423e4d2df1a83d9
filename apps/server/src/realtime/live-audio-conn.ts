import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket } from 'ws';
import {
  ERRORS,
  statusText,
  type ErrorCode,
  type LiveAudioClientMessage,
  type LiveAudioServerMessage,
  type Permission,
  type RoomDto,
} from '@tt/protocol';
import { accessRefusal, actorFrom, refusalCode } from '@tt/rules';
import type { AuthContext, TokenService } from '../platform/auth';
import { AppError } from '../platform/errors';
import type { AudioTap } from './live-audio-listen';
import type { FrameBucket, LiveAudioBusMessage, LiveAudioPicture } from './live-audio-room';

/** A listener whose socket holds more than this is skipped (it would only fall further behind). */
const MAX_BUFFERED_BYTES = 256 * 1024;

/** The live-audio socket's pieces (live-audio.ts): its connections, rooms and answers. */
/** One live-audio connection: its own facts are what this process announces for it. */
export interface AudioConn {
  id: string;
  ws: WebSocket;
  auth: AuthContext;
  roomUuid: string | null;
  /** Wants the speakers' packets (LIVE-AUDIO-12: a phone joins without them). */
  audio: boolean;
  hand: boolean;
  invited: boolean;
  speaking: boolean;
  bucket: FrameBucket;
  /** When the right to talk was last checked (LIVE-AUDIO-2 holds while talking). */
  checkedAt: number;
  /** Messages run one after another. */
  queue: Promise<void>;
}

export interface LocalRoom {
  conns: Set<AudioConn>;
  picture: LiveAudioPicture;
  /** LIVE-AUDIO-4: people a moderator cut, until when (ms). */
  cutUntil: Map<string, number>;
  /** LIVE-AUDIO-13: the phones' listen stream of this room on this process. */
  taps: Set<AudioTap>;
  subscription: Promise<() => Promise<void>>;
}

export class Refused extends Error {
  constructor(readonly code: ErrorCode) {
    super(ERRORS[code].message);
  }
}

export function errorMessage(
  code: ErrorCode,
  of?: LiveAudioClientMessage['type'],
): LiveAudioServerMessage {
  return { type: 'error', code, error: ERRORS[code].message, ...(of ? { of } : {}) };
}

export function send(conn: AudioConn, m: LiveAudioServerMessage): void {
  if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(JSON.stringify(m));
}

/** An upgrade refused before the websocket opens: the status and the usual error body. */
export function reject(socket: Duplex, code: ErrorCode): void {
  const { status, message } = ERRORS[code];
  const error = statusText(status);
  const body = JSON.stringify({ statusCode: status, error, message, code });
  socket.end(
    `HTTP/1.1 ${status} ${error}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** The access table's answer for this person in the room (with who is on stage, who was let in). */
export function allowed(
  auth: AuthContext,
  room: RoomDto,
  permission: Permission,
  stage: { djUuids?: string[]; voiceInvited?: string[] } = {},
): void {
  const resource = { room: { roomRoles: room.roomRoles, djType: room.djType, ...stage } };
  const why = accessRefusal(actorFrom(auth), permission, resource);
  if (why) throw new Refused(refusalCode(permission, why));
}

/** Who talks and who was let in among this process's own connections, by room (LIVE-AUDIO-11). */
export function ownFacts(
  conns: Iterable<AudioConn>,
): Map<string, { speakers: string[]; invited: string[] }> {
  const out = new Map<string, { speakers: string[]; invited: string[] }>();
  for (const c of conns) {
    if (!c.roomUuid || !(c.speaking || c.invited)) continue;
    let facts = out.get(c.roomUuid);
    if (!facts) out.set(c.roomUuid, (facts = { speakers: [], invited: [] }));
    if (c.speaking && !facts.speakers.includes(c.auth.uuid)) facts.speakers.push(c.auth.uuid);
    if (c.invited && !facts.invited.includes(c.auth.uuid)) facts.invited.push(c.auth.uuid);
  }
  return out;
}

/** The error code of a check that refused, or null when it passed. */
export async function refusalOf(check: Promise<unknown>): Promise<ErrorCode | null> {
  try {
    await check;
    return null;
  } catch (err) {
    if (err instanceof Refused) return err.code;
    throw err;
  }
}

/**
 * LIVE-AUDIO-1, LIVE-AUDIO-12: the session of a live-audio request, from `?token=` or a bearer
 * header; or the code refusing it (TOKEN_MISSING, TOKEN_INVALID…, all 401).
 */
export async function sessionOf(
  tokens: TokenService,
  req: IncomingMessage,
  url: URL,
): Promise<AuthContext | ErrorCode> {
  const header = req.headers.authorization?.match(/^Bearer\s+(.+)$/i)?.[1];
  const token = url.searchParams.get('token') ?? header ?? '';
  if (!token) return 'TOKEN_MISSING';
  try {
    return await tokens.verify(token);
  } catch (err) {
    return (
      err instanceof AppError && err.code in ERRORS ? err.code : 'TOKEN_INVALID'
    ) as ErrorCode;
  }
}

/** LIVE-AUDIO-5, LIVE-AUDIO-13: a speaker's packets to this process's listeners and phone streams. */
export function relayAudio(local: LocalRoom, m: Extract<LiveAudioBusMessage, { kind: 'audio' }>) {
  const frame = JSON.stringify({ type: 'audio', from: m.from, seq: m.seq, packets: m.packets });
  for (const conn of local.conns) {
    if (conn.auth.uuid === m.from || !conn.audio) continue;
    if (conn.ws.bufferedAmount > MAX_BUFFERED_BYTES) continue;
    conn.ws.send(frame);
  }
  for (const tap of local.taps) tap(m.from, m.packets);
}

/** LIVE-AUDIO-7: a connection's announced facts into the room's picture, and to its listeners. */
export function relayState(local: LocalRoom, m: Extract<LiveAudioBusMessage, { kind: 'conn' }>) {
  if (!local.picture.apply(m)) return;
  const frame = JSON.stringify({ type: 'state', ...local.picture.state() });
  for (const conn of local.conns) conn.ws.send(frame);
}
