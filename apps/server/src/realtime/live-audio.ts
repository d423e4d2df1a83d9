import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import {
  ERRORS,
  LIVE_AUDIO_LIMITS,
  LIVE_AUDIO_PATH,
  LiveAudioClientMessage,
  type ErrorCode,
} from '@tt/protocol';
import type { AuthContext } from '../platform/auth';
import { AppError } from '../platform/errors';
import type { Platform } from '../platform/service';
import { LiveAudioAccess } from './live-audio-access';
import { LiveAudioBoard } from './live-audio-board';
import { ListenHub, type AudioTap } from './live-audio-listen';
import {
  allowed,
  errorMessage,
  ownFacts,
  refusalOf,
  reject,
  relayAudio,
  relayState,
  Refused,
  sessionOf,
  send,
  type AudioConn,
  type LocalRoom,
} from './live-audio-conn';
import {
  FrameBucket,
  LiveAudioPicture,
  liveAudioTopic,
  type LiveAudioBusMessage,
} from './live-audio-room';
import type { RoomRouter } from './router';

/** LIVE-AUDIO-6: live-audio sockets one account may hold open on a process. */
export const LIVE_AUDIO_SOCKETS_PER_USER = 4;
/** How often a speaker's right to talk is checked again while they talk. */
const RECHECK_MS = 5_000;
/** LIVE-AUDIO-4: how long someone whose audio a moderator cut stays off the mic. */
export const LIVE_AUDIO_CUT_MS = 5 * 60_000;

/**
 * The built-in live audio (LIVE-AUDIO-1..9): a websocket at /api/live-audio/socket beside the room
 * socket. A speaker's Opus packets go on the room's live-audio topic of the bus and every process
 * hands them to its connections in that room, the speaker's own excepted.
 */
export class LiveAudioSocket {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: LIVE_AUDIO_LIMITS.maxFrameBytes,
  });
  private readonly conns = new Set<AudioConn>();
  private readonly rooms = new Map<string, LocalRoom>();
  private readonly onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) =>
    void this.upgrade(req, socket, head);
  /** Who talks and who was let in, on every process (LIVE-AUDIO-10, LIVE-AUDIO-11). */
  readonly board: LiveAudioBoard;
  /** The phones' MP3 stream of a room's voice (LIVE-AUDIO-12..14, LIVE-AUDIO-16). */
  readonly listen: ListenHub;
  /** The checks of joining and talking (live-audio-access.ts). */
  private readonly access: LiveAudioAccess;

  constructor(
    private readonly server: Server,
    private readonly platform: Platform,
    router: RoomRouter,
    /** Paths other upgrade handlers answer (the room socket's). */
    private readonly otherPaths: string[],
  ) {
    this.board = new LiveAudioBoard(platform, () => ownFacts(this.conns));
    this.access = new LiveAudioAccess(platform, router, this.board, this.rooms);
    this.listen = new ListenHub(platform.log, {
      refusal: (auth, roomUuid) => this.listenRefusal(auth, roomUuid),
      tap: (roomUuid, fn) => this.tap(roomUuid, fn),
    });
  }

  async start(): Promise<void> {
    await this.board.start();
    this.server.on('upgrade', this.onUpgrade);
  }

  /**
   * LIVE-AUDIO-10: the built-in path's own check for someone who holds no live-audio connection
   * here (an Agora token): the error code refusing them the mic now, or null.
   */
  speakRefusal(auth: AuthContext, roomUuid: string): Promise<ErrorCode | null> {
    return refusalOf(
      this.access.assertSpeaker(auth, roomUuid, this.board.invited(roomUuid, auth.uuid)),
    );
  }

  /** LIVE-AUDIO-12: the check of joining (LIVE-AUDIO-1), for the listen stream: a code, or null. */
  listenRefusal(auth: AuthContext, roomUuid: string): Promise<ErrorCode | null> {
    return refusalOf(this.access.assertListener(auth, roomUuid));
  }

  private async upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '');
    if (path !== LIVE_AUDIO_PATH) {
      if (!this.otherPaths.includes(path)) socket.destroy();
      return;
    }
    // LIVE-AUDIO-1: only with a valid session token.
    const auth = await sessionOf(this.platform.tokens, req, url);
    if (typeof auth === 'string') return reject(socket, auth);
    let mine = 0;
    for (const c of this.conns) if (c.auth.uuid === auth.uuid) mine++;
    if (mine >= LIVE_AUDIO_SOCKETS_PER_USER) return reject(socket, 'SOCKET_USER_LIMIT');
    this.wss.handleUpgrade(req, socket, head, (ws) => this.open(ws, auth));
  }

  private open(ws: WebSocket, auth: AuthContext): void {
    const conn: AudioConn = {
      id: randomUUID(),
      ws,
      auth,
      roomUuid: null,
      audio: true,
      hand: false,
      invited: false,
      speaking: false,
      bucket: new FrameBucket(LIVE_AUDIO_LIMITS.framesPerSecond, LIVE_AUDIO_LIMITS.burst),
      checkedAt: 0,
      queue: Promise.resolve(),
    };
    this.conns.add(conn);
    ws.on('message', (data: RawData, binary: boolean) => {
      // The rate counts frames as they arrive, not as they are worked through.
      const at = Date.now();
      conn.queue = conn.queue.then(() => this.onFrame(conn, data, binary, at));
    });
    ws.on('close', () => {
      this.conns.delete(conn);
      conn.queue = conn.queue.then(() => this.leave(conn));
    });
    ws.on('error', (err) => this.platform.log.debug({ err }, 'live-audio socket error'));
  }

  private async onFrame(
    conn: AudioConn,
    data: RawData,
    binary: boolean,
    at: number,
  ): Promise<void> {
    let parsed: unknown;
    try {
      parsed = binary ? undefined : JSON.parse(data.toString());
    } catch {
      parsed = undefined;
    }
    const m = LiveAudioClientMessage.safeParse(parsed);
    if (!m.success) return send(conn, errorMessage('LIVE_AUDIO_BAD_FRAME'));
    try {
      await this.handle(conn, m.data, at);
    } catch (err) {
      if (err instanceof Refused) return send(conn, errorMessage(err.code, m.data.type));
      if (err instanceof AppError && err.code in ERRORS) {
        return send(conn, errorMessage(err.code as ErrorCode, m.data.type));
      }
      this.platform.log.error({ err }, 'live-audio message failed');
      send(conn, errorMessage('SERVICE_UNAVAILABLE', m.data.type));
    }
  }

  private async handle(conn: AudioConn, m: LiveAudioClientMessage, at: number): Promise<void> {
    if (m.type === 'join') return this.join(conn, m.roomUuid, m.audio ?? true);
    const roomUuid = conn.roomUuid;
    if (!roomUuid) throw new Refused('LIVE_AUDIO_NOT_JOINED');
    switch (m.type) {
      case 'audio':
        return this.audio(conn, roomUuid, m.seq, m.packets, at);
      case 'speak':
        await this.access.checkSpeaker(conn, roomUuid);
        conn.speaking = true;
        conn.hand = false;
        send(conn, { type: 'speaking' });
        return this.announce(conn);
      case 'stop':
        conn.speaking = false;
        return this.announce(conn);
      case 'hand':
        await allowed(conn.auth, await this.access.room(roomUuid), 'room.voice.hand');
        conn.hand = m.raised;
        return this.announce(conn);
      case 'invite':
        await allowed(conn.auth, await this.access.room(roomUuid), 'room.voice.invite');
        return this.publish(roomUuid, { kind: 'invite', userUuid: m.userUuid, allowed: m.allowed });
      case 'cut':
        await allowed(conn.auth, await this.access.room(roomUuid), 'room.voice.cut');
        this.board.cut(roomUuid, m.userUuid, Date.now() + LIVE_AUDIO_CUT_MS);
        return this.publish(roomUuid, { kind: 'cut', userUuid: m.userUuid });
    }
  }

  /** LIVE-AUDIO-1: a room whose live audio is on, open to this person (password rooms too). */
  private async join(conn: AudioConn, roomUuid: string, audio: boolean): Promise<void> {
    await this.access.assertListener(conn.auth, roomUuid);
    conn.audio = audio;
    const { uuid } = conn.auth;
    if (conn.roomUuid && conn.roomUuid !== roomUuid) await this.leave(conn);
    if (conn.roomUuid !== roomUuid) {
      conn.roomUuid = roomUuid;
      const local = await this.follow(roomUuid);
      local.conns.add(conn);
    }
    send(conn, { type: 'ready', roomUuid, userUuid: uuid });
    send(conn, { type: 'state', ...this.rooms.get(roomUuid)!.picture.state() });
    await this.announce(conn);
  }

  /** LIVE-AUDIO-13: hands the room's packets to `fn` as to a connection here; answers the stop. */
  private async tap(roomUuid: string, fn: AudioTap): Promise<() => Promise<void>> {
    const local = await this.follow(roomUuid);
    local.taps.add(fn);
    return () => {
      local.taps.delete(fn);
      return this.release(roomUuid, local);
    };
  }

  private async leave(conn: AudioConn): Promise<void> {
    const roomUuid = conn.roomUuid;
    if (!roomUuid) return;
    conn.roomUuid = null;
    const local = this.rooms.get(roomUuid);
    await this.publish(roomUuid, {
      kind: 'conn',
      connId: conn.id,
      userUuid: conn.auth.uuid,
      hand: false,
      invited: false,
      speaking: false,
      gone: true,
    });
    conn.speaking = conn.hand = conn.invited = false;
    this.board.changed(roomUuid);
    if (!local) return;
    local.conns.delete(conn);
    await this.release(roomUuid, local);
  }

  /** Stops following a room nobody here listens to any more. */
  private async release(roomUuid: string, local: LocalRoom): Promise<void> {
    if (local.conns.size > 0 || local.taps.size > 0 || this.rooms.get(roomUuid) !== local) return;
    this.rooms.delete(roomUuid);
    await local.subscription
      .then((unsubscribe) => unsubscribe())
      .catch((err) => this.platform.log.warn({ err }, 'live-audio unsubscribe failed'));
  }

  /** LIVE-AUDIO-5, LIVE-AUDIO-6: a speaker's packets, within the caps, to the room. */
  private async audio(
    conn: AudioConn,
    roomUuid: string,
    seq: number,
    packets: string[],
    at: number,
  ) {
    if (!conn.speaking) throw new Refused('LIVE_AUDIO_NOT_SPEAKING');
    if (!conn.bucket.take(at)) throw new Refused('SOCKET_RATE_LIMITED');
    if (Date.now() - conn.checkedAt > RECHECK_MS) {
      try {
        await this.access.checkSpeaker(conn, roomUuid);
      } catch (err) {
        conn.speaking = false;
        await this.announce(conn);
        throw err;
      }
    }
    // Not awaited: the bus keeps one publisher's order, and the next packets need not wait.
    void this.publish(roomUuid, { kind: 'audio', from: conn.auth.uuid, seq, packets });
  }

  /** Starts following a room's live-audio topic (once per process) and asks for its picture. */
  private async follow(roomUuid: string): Promise<LocalRoom> {
    let local = this.rooms.get(roomUuid);
    if (!local) {
      const subscription = this.platform.bus.subscribe(liveAudioTopic(roomUuid), (m) =>
        this.onBus(roomUuid, m),
      );
      local = {
        conns: new Set(),
        picture: new LiveAudioPicture(),
        cutUntil: new Map(),
        taps: new Set(),
        subscription,
      };
      this.rooms.set(roomUuid, local);
      await subscription;
      await this.publish(roomUuid, { kind: 'sync' });
    } else await local.subscription;
    return local;
  }

  private onBus(roomUuid: string, m: LiveAudioBusMessage): void {
    const local = this.rooms.get(roomUuid);
    if (!local) return;
    if (m.kind === 'audio') return relayAudio(local, m);
    if (m.kind === 'conn') return relayState(local, m);
    if (m.kind === 'cut') local.cutUntil.set(m.userUuid, Date.now() + LIVE_AUDIO_CUT_MS);
    for (const conn of local.conns) {
      if (m.kind === 'sync') void this.announce(conn);
      else if (conn.auth.uuid === m.userUuid) {
        conn.queue = conn.queue.then(() =>
          m.kind === 'cut' ? this.cutHere(conn) : this.inviteHere(conn, m.allowed),
        );
      }
    }
  }

  /** LIVE-AUDIO-4: off the mic, hand down, invitation gone. */
  private async cutHere(conn: AudioConn): Promise<void> {
    conn.speaking = conn.hand = conn.invited = false;
    send(conn, { type: 'cut' });
    await this.announce(conn);
  }

  /** LIVE-AUDIO-3: let in (hand lowered), or not any more (off the mic unless allowed anyway). */
  private async inviteHere(conn: AudioConn, allowed: boolean): Promise<void> {
    conn.invited = allowed;
    if (allowed) conn.hand = false;
    if (!allowed && conn.speaking && conn.roomUuid) {
      try {
        await this.access.checkSpeaker(conn, conn.roomUuid);
      } catch {
        conn.speaking = false;
        send(conn, { type: 'cut' });
      }
    }
    await this.announce(conn);
  }

  private announce(conn: AudioConn): Promise<void> {
    if (!conn.roomUuid) return Promise.resolve();
    const { id: connId, hand, invited, speaking } = conn;
    this.board.changed(conn.roomUuid);
    return this.publish(conn.roomUuid, {
      kind: 'conn',
      connId,
      userUuid: conn.auth.uuid,
      hand,
      invited,
      speaking,
    });
  }

  private publish(roomUuid: string, m: LiveAudioBusMessage): Promise<void> {
    return this.platform.bus
      .publish(liveAudioTopic(roomUuid), m)
      .catch((err) =>
        this.platform.log.error({ err, room: roomUuid }, 'live-audio publish failed'),
      );
  }

  async stop(): Promise<void> {
    this.server.off('upgrade', this.onUpgrade);
    await this.listen.close();
    for (const conn of [...this.conns]) conn.ws.terminate();
    this.wss.close();
    await this.board.close();
    const rooms = [...this.rooms.values()];
    this.rooms.clear();
    await Promise.allSettled(rooms.map(async (r) => (await r.subscription)()));
  }
}
