import jsonpatch from 'fast-json-patch';
import { SocketClient } from 'ttfm-socket';
import { WebSocket } from 'ws';
import { expect } from 'vitest';
import {
  authEndpoints,
  roomEndpoints,
  roomRoleEndpoints,
  type ClientRoomState,
  type CreateRoomReq,
  type MinimalSongDto,
  type Operation,
  type RoomDto,
  type RoomUserRole,
} from '@tt/protocol';
import { startTestServer, type TestServer, type TestServerOptions } from '../../test/harness';

/** Helpers for the realtime tests (imported by tests only). */

/**
 * Short timers; socket rate limits out of the way (the rules tests send actions back to back —
 * flood.test.ts checks the real limits).
 */
export const RELAXED_RATE_LIMITS = {
  joinRoom: { burst: 1000, perSecond: 1000 },
  voteOnSong: { burst: 1000, perSecond: 1000 },
  playOneTimeAnimation: { burst: 1000, perSecond: 1000 },
  chat: { burst: 1000, perSecond: 1000 },
  clockSync: { burst: 1000, perSecond: 1000 },
  other: { burst: 1000, perSecond: 1000 },
};
export const REALTIME_TEST_OPTIONS = {
  leaveGraceMs: 400,
  pingIntervalMs: 1000,
  rateLimits: RELAXED_RATE_LIMITS,
};

export function startRealtimeServer(
  opts: TestServerOptions & { env?: Record<string, string> } = {},
): Promise<TestServer> {
  const { env = {}, ...rest } = opts;
  return startTestServer(env, {
    ...rest,
    realtime: { ...REALTIME_TEST_OPTIONS, ...rest.realtime },
  });
}

let counter = 0;
export const uniqueSlug = (tag = 'rt') =>
  `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** A song as the SDK sends it (2 s by default, so that songs end within a test). */
export const song = (trackName = 'Song', duration = 2): MinimalSongDto => ({
  trackName,
  artistName: 'Artist',
  duration,
  genre: null,
  isrc: null,
  musicProviders: { uploadService: `up-${trackName}` },
  thumbnails: {},
  playbackToken: null,
});

/**
 * Creates a room through the REST API and looks it up the way the TTLIVE-discord-bot does
 * (POST /rooms/infrastructure, then POST /rooms/{slug}/join for the uuid).
 */
export async function createRoom(
  s: TestServer,
  token: string,
  body: Partial<CreateRoomReq> = {},
): Promise<RoomDto> {
  const created = await s.as(token).call(roomEndpoints.create, {
    body: { name: 'Realtime Room', slug: uniqueSlug(), ...body },
  });
  const config = await s.as(token).call(roomEndpoints.join, {
    params: { slug: created.slug },
    body: body.password ? { password: body.password } : undefined,
  });
  expect(config.uuid).toBe(created.uuid);
  return config;
}

export interface JoinedRoom {
  room: RoomDto;
  people: Awaited<ReturnType<TestServer['createUser']>>[];
  clients: RoomClient[];
  close: () => void; // disconnects every client
}

/**
 * `n` new accounts in a new room (the first owns it, created with `settings`): `prepare` runs
 * before anyone joins (rules, roles), then each joins with the unmodified SDK in that order, and
 * with `inSync` the call returns once every client holds the server's state.
 */
export async function joinedRoom(
  s: TestServer,
  n: number,
  opts: {
    settings?: Partial<CreateRoomReq>;
    prepare?: (room: RoomDto, people: JoinedRoom['people']) => Promise<unknown>;
    inSync?: boolean;
  } = {},
): Promise<JoinedRoom> {
  const people = await Promise.all(Array.from({ length: n }, () => s.createUser()));
  const room = await createRoom(s, people[0].token, opts.settings);
  await opts.prepare?.(room, people);
  const clients: RoomClient[] = [];
  for (const p of people) clients.push(await RoomClient.join(s, p, room.uuid));
  if (opts.inSync) await expectInSync(clients, room.uuid);
  return { room, people, clients, close: () => clients.forEach((c) => c.disconnect()) };
}

export interface Received {
  name: string;
  statePatch?: Operation[];
  params?: Record<string, unknown>;
  room: string;
}

/**
 * A real `ttfm-socket` SocketClient in a room, holding the room state as a client does: the state
 * of joinRoom, then every statePatch applied with validation. Messages are recorded in order.
 */
export class RoomClient {
  readonly client: SocketClient;
  state!: ClientRoomState;
  joinResult!: Record<string, any>;
  readonly received: Received[] = [];
  readonly patchErrors: string[] = [];
  closed = false;
  private held: Received[] | null = [];
  private waiters: Array<() => void> = [];

  constructor(
    readonly s: TestServer,
    readonly token: string,
    readonly uuid: string,
  ) {
    this.client = new SocketClient(s.url);
    this.client.on('serverMessage', (envelope) => {
      const m = envelope.message as any;
      const r: Received = { name: m.name, room: envelope.room };
      if (m.statePatch) r.statePatch = m.statePatch;
      if (m.params) r.params = m.params;
      if (this.held) this.held.push(r);
      else this.take(r);
    });
    this.client.on('disconnected', () => {
      this.closed = true;
      this.notify();
    });
  }

  static async join(
    s: TestServer,
    user: { token: string; uuid: string },
    roomUuid: string,
    params: { password?: string; guestPassword?: string } = {},
  ): Promise<RoomClient> {
    const c = new RoomClient(s, user.token, user.uuid);
    await c.joinRoom(roomUuid, params);
    return c;
  }

  async joinRoom(roomUuid: string, params: { password?: string; guestPassword?: string } = {}) {
    this.held ??= [];
    const result = (await this.client.joinRoom(this.token, { roomUuid, ...params })) as any;
    this.joinResult = result;
    this.state = result.state;
    const held = this.held ?? [];
    this.held = null;
    for (const r of held) this.take(r);
    return result;
  }

  private take(r: Received): void {
    if (r.statePatch) {
      try {
        jsonpatch.applyPatch(this.state, r.statePatch as never, true);
      } catch (err) {
        this.patchErrors.push(`${r.name}: ${(err as Error).message}`);
      }
    }
    this.received.push(r);
    this.notify();
  }

  private notify(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Sends an action of the SDK (roomUuid added by the SDK). */
  action(name: string, params: Record<string, unknown> = {}): Promise<any> {
    return (this.client as any).action(name, params);
  }

  /** Resolves when the action fails; answers the error text. */
  async actionError(name: string, params: Record<string, unknown> = {}): Promise<string> {
    try {
      await this.action(name, params);
    } catch (err) {
      return String(err);
    }
    throw new Error(`${name} succeeded, an error was expected`);
  }

  mark(): number {
    return this.received.length;
  }

  /** Waits (generously) for a message named `name` received after `since` that matches. */
  async waitFor(
    name: string,
    match: (r: Received) => boolean = () => true,
    since = 0,
    timeoutMs = 10_000,
  ): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(since).find((r) => r.name === name && match(r));
      if (found) return found;
      if (Date.now() > deadline) {
        const names = this.received.slice(since).map((r) => r.name);
        throw new Error(`no ${name} within ${timeoutMs} ms (got ${names.join(', ') || 'nothing'})`);
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 200);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** Waits until the connection closed. */
  async waitClosed(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('the connection did not close');
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The state with this client's own votes hidden, as everybody else holds it. */
  sharedState(): ClientRoomState {
    const copy = structuredClone(this.state);
    if (copy.allUserData[this.uuid]) copy.allUserData[this.uuid].songVotes = {};
    return copy;
  }

  disconnect(): void {
    this.client.disconnect();
  }
}

/** The state GET /rooms/room-state/{id} answers. */
export function roomState(s: TestServer, token: string, roomUuid: string) {
  return s.as(token).call(roomEndpoints.roomState, { params: { id: roomUuid } });
}

/**
 * Every client holds the state the server answers on GET /rooms/room-state (their own votes
 * aside), and every patch applied with validation. Waits for in-flight messages (generously).
 */
export async function expectInSync(clients: RoomClient[], roomUuid: string): Promise<void> {
  const s = clients[0].s;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const server = await roomState(s, clients[0].token, roomUuid);
    const same = clients.every(
      (c) => JSON.stringify(sortKeys(c.sharedState())) === JSON.stringify(sortKeys(server)),
    );
    if (same || Date.now() > deadline) {
      for (const c of clients) {
        expect(c.patchErrors).toEqual([]);
        expect(c.sharedState()).toEqual(server);
      }
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A bare websocket on /primus, as the Primus client opens it, recording every decoded frame. */
export class RawSocket {
  readonly frames: unknown[] = [];
  closed = false;
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => this.frames.push(JSON.parse(data.toString())));
    ws.on('close', () => (this.closed = true));
  }

  static async open(s: TestServer, token: string): Promise<RawSocket> {
    const url = `${s.url.replace('http', 'ws')}/primus?token=${encodeURIComponent(token)}&_primuscb=x1`;
    const ws = new WebSocket(url);
    const raw = new RawSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return raw;
  }

  send(value: unknown): void {
    this.ws.send(
      typeof value === 'string' && value.startsWith('!raw:')
        ? value.slice(5)
        : JSON.stringify(value),
    );
  }

  async next(match: (frame: any) => boolean, timeoutMs = 10_000): Promise<any> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.frames.find(match);
      if (found !== undefined) return found;
      if (Date.now() > deadline)
        throw new Error(`no such frame (got ${JSON.stringify(this.frames)})`);
      await sleep(20);
    }
  }

  async waitClosed(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.closed) {
      if (Date.now() > deadline) throw new Error('the socket did not close');
      await sleep(20);
    }
  }

  close(): void {
    this.ws.close();
  }
}

/** A guest token (GET /auth/guest) and the uuid it carries. */
export async function guest(s: TestServer): Promise<{ token: string; uuid: string }> {
  const { accessToken } = await s.client.call(authEndpoints.guest, {});
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString());
  return { token: accessToken, uuid: payload.uuid };
}

/** Gives a room role through REST (POST /roomUserRoles/{roomId}). */
export function giveRole(
  s: TestServer,
  token: string,
  roomUuid: string,
  userUuid: string,
  role: RoomUserRole,
  expirationTime?: string,
) {
  return s.as(token).call(roomRoleEndpoints.create, {
    params: { roomId: roomUuid },
    body: { userUuid, role, ...(expirationTime ? { expirationTime } : {}) },
  });
}

/** Takes a room role away through REST (DELETE /roomUserRoles/{roomId}). */
export function takeRole(
  s: TestServer,
  token: string,
  roomUuid: string,
  userUuid: string,
  role: RoomUserRole,
) {
  return s.as(token).call(roomRoleEndpoints.remove, {
    params: { roomId: roomUuid },
    body: { userUuid, role },
  });
}

/** The operations of a message, as text (to look for a value). */
export const patchText = (r: Received) => JSON.stringify(r.statePatch ?? r.params ?? null);

/** Retries `check` until it passes (generously), for effects that land asynchronously. */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await sleep(50);
    }
  }
}
