import type { ClientRoomState } from '@tt/protocol';
import type { KeyValueStorage } from './currentRoom';
import { Gateway } from './gateway';
import type { SocketLike, Timers } from './primus';

/**
 * Test doubles for the socket layer (`@tt/room-client/testing`, for unit tests only; no browser,
 * no network).
 */

export class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.closed = true;
    this.readyState = 3;
  }

  // ---- driven by the test ----
  serverOpen(): void {
    this.readyState = 1;
    this.onopen?.({});
  }
  serverSend(frame: unknown): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The network drops the socket. */
  serverDrop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }
  /** Frames with event 'action', in order. */
  actions(): { params: Record<string, unknown> & { action: string }; messageId: number }[] {
    return this.sent.filter(
      (f): f is { event: 'action'; params: { action: string }; messageId: number } =>
        typeof f === 'object' && f !== null && (f as { event?: string }).event === 'action',
    ) as never;
  }
  lastAction() {
    const all = this.actions();
    return all[all.length - 1];
  }
  /** The chat frames written on this socket (`{ event: 'chat', params }`), their params in order. */
  chatSent(): Record<string, unknown>[] {
    return this.sent
      .filter(
        (f): f is { event: 'chat'; params: Record<string, unknown> } =>
          typeof f === 'object' && f !== null && (f as { event?: string }).event === 'chat',
      )
      .map((f) => f.params);
  }
  /** The server sends a chat frame: `{ context: 'chat', frame }`. */
  serverChat(frame: unknown): void {
    this.serverSend({ context: 'chat', frame });
  }
}

/** A Gateway on FakeSockets and manual timers: `socket()` is the one it opened last. */
export function fakeGateway(opts: { origin?: string; random?: () => number } = {}) {
  const sockets: FakeSocket[] = [];
  const timers = new ManualTimers();
  const gateway = new Gateway({
    origin: opts.origin ?? 'https://tt.example',
    factory: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    timers,
    random: opts.random ?? (() => 0.5),
  });
  const socket = () => sockets[sockets.length - 1];
  return { gateway, sockets, socket, timers };
}

/** Manual timers: `advance(ms)` runs what is due, in order. */
export class ManualTimers implements Timers {
  private now = 0;
  private seq = 0;
  private readonly queue = new Map<number, { at: number; fn: () => void }>();

  setTimeout = (fn: () => void, ms: number): unknown => {
    const id = ++this.seq;
    this.queue.set(id, { at: this.now + ms, fn });
    return id;
  };
  clearTimeout = (id: unknown): void => {
    this.queue.delete(id as number);
  };
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.queue.entries()]
        .filter(([, t]) => t.at <= until)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      this.queue.delete(due[0]);
      this.now = due[1].at;
      due[1].fn();
    }
    this.now = until;
  }
  /** Delays (from now) of the pending timers. */
  pending(): number[] {
    return [...this.queue.values()].map((t) => t.at - this.now).sort((a, b) => a - b);
  }
}

/** In-memory storage (what localStorage is on the web). */
export function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

/** A small, valid room state. */
export function sampleState(overrides: Partial<ClientRoomState> = {}): ClientRoomState {
  const user = (uuid: string) => ({
    uuid,
    tokenRole: 'user' as const,
    highestRole: undefined,
    canDj: true,
  });
  return {
    allUserData: {
      a: {
        userProfile: { uuid: 'a', nickname: 'Ana', color: '#EC4899', avatarId: 'a1' },
        position: { x: 20, y: 40 },
        songVotes: {},
      },
    } as ClientRoomState['allUserData'],
    allUsers: [user('a')],
    audienceUsers: [user('a')],
    djs: [],
    floorUsers: [user('a')],
    nowPlaying: null,
    settings: {
      slug: 'late-night',
      name: 'Late Night',
      numberOfDjs: 5,
    } as ClientRoomState['settings'],
    songsRemainingForDj: 0,
    vibeMeter: 0,
    visibleDjs: [],
    voteCounts: { likes: 0, dislikes: 0, stars: 0 },
    ...overrides,
  };
}

/** A seeded random in [0, 1) (mulberry32): the same jitter every run of a test or bench. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
