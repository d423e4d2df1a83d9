/**
 * A minimal Primus websocket client (the transport of the ttfm-socket protocol, docs/PROTOCOL.md):
 * every frame is JSON; the string frame "primus::ping::<ms>" is answered with "primus::pong::<ms>"
 * and carries the server clock; "primus::server::close" means the server ended the connection on
 * purpose, so it is not reopened. Any other loss of the socket reconnects with a growing delay.
 */

/** The part of a WebSocket this client uses: the browser's, React Native's, or a fake in tests. */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}
export type SocketFactory = (url: string) => SocketLike;

/** Opens sockets with the platform's global `WebSocket` (browsers and React Native have one). */
export const globalSocketFactory: SocketFactory = (url) => {
  const Ctor = (globalThis as { WebSocket?: new (url: string) => SocketLike }).WebSocket;
  if (!Ctor) throw new Error('No WebSocket on this platform: pass a socket factory');
  return new Ctor(url);
};

export interface PrimusEvents {
  /** The socket is open (the first time, or again after a reconnect). */
  open: (info: { reconnected: boolean }) => void;
  data: (data: unknown) => void;
  /** A heartbeat: the server's clock in milliseconds. */
  ping: (serverTime: number) => void;
  /** The socket was lost; a reconnect is scheduled after `delay` ms. */
  reconnecting: (info: { attempt: number; delay: number }) => void;
  /** The connection is over and will not be reopened (`byServer`: primus::server::close). */
  end: (info: { byServer: boolean }) => void;
}

export interface PrimusOptions {
  /** The address to open, built anew for every attempt (fresh token, fresh cache buster). */
  url: () => string;
  factory?: SocketFactory;
  /** Reconnect delays: min * 2^attempt, at most max, with up to 30 % random spread. */
  minDelay?: number;
  maxDelay?: number;
  /** No ping for this long → the socket is considered dead and reopened (Primus: 45 s). */
  pingTimeout?: number;
  random?: () => number;
  timers?: Timers;
}

export interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: unknown) => void;
}

const OPEN = 1;
/** The platform's own setTimeout/clearTimeout. */
export const defaultTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};

type Listeners = { [K in keyof PrimusEvents]: Set<PrimusEvents[K]> };

/** `${ws|wss}://<host>/primus?token=<token>&_primuscb=<random>` for an http(s) origin. */
export function primusUrl(origin: string, token: string, random = Math.random): string {
  const base = origin.replace(/^http/, 'ws').replace(/\/$/, '');
  const cb = `${Date.now().toString(36)}-${Math.floor(random() * 1e9).toString(36)}`;
  return `${base}/primus?token=${encodeURIComponent(token)}&_primuscb=${cb}`;
}

export class PrimusConnection {
  private socket: SocketLike | null = null;
  private readonly listeners: Listeners = {
    open: new Set(),
    data: new Set(),
    ping: new Set(),
    reconnecting: new Set(),
    end: new Set(),
  };
  private attempt = 0;
  private everOpened = false;
  private ended = false;
  private serverClosing = false;
  private reconnectTimer: unknown = null;
  private pingTimer: unknown = null;
  private readonly opts: Required<Omit<PrimusOptions, 'url'>> & Pick<PrimusOptions, 'url'>;

  constructor(options: PrimusOptions) {
    this.opts = {
      url: options.url,
      factory: options.factory ?? globalSocketFactory,
      minDelay: options.minDelay ?? 500,
      maxDelay: options.maxDelay ?? 15_000,
      pingTimeout: options.pingTimeout ?? 45_000,
      random: options.random ?? Math.random,
      timers: options.timers ?? defaultTimers,
    };
  }

  on<K extends keyof PrimusEvents>(event: K, fn: PrimusEvents[K]): () => void {
    this.listeners[event].add(fn);
    return () => this.listeners[event].delete(fn);
  }

  private emit<K extends keyof PrimusEvents>(event: K, ...args: Parameters<PrimusEvents[K]>) {
    for (const fn of [...this.listeners[event]]) (fn as (...a: unknown[]) => void)(...args);
  }

  get isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  open(): void {
    if (this.ended || this.socket) return;
    this.serverClosing = false;
    const socket = this.opts.factory(this.opts.url());
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const reconnected = this.everOpened;
      this.everOpened = true;
      this.attempt = 0;
      this.armPingTimeout();
      this.emit('open', { reconnected });
    };
    socket.onmessage = (ev) => {
      if (this.socket !== socket) return;
      this.receive(ev.data);
    };
    socket.onerror = () => {
      // the close event that follows decides what happens next
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimer('pingTimer');
      if (this.ended) return;
      if (this.serverClosing) {
        this.finish(true);
        return;
      }
      this.scheduleReconnect();
    };
  }

  /** Writes one frame (JSON). Answers false when the socket is not open (nothing is queued). */
  write(data: unknown): boolean {
    if (this.ended || !this.socket || !this.isOpen) return false;
    this.socket.send(JSON.stringify(data));
    return true;
  }

  /**
   * Drops the socket (if any) and opens a fresh one at once, as a first connection: for a new
   * token, and after an end. A socket that was open is reported lost first (`reconnecting`).
   */
  restart(): void {
    const socket = this.socket;
    const wasOpen = this.isOpen;
    this.socket = null;
    this.clearTimer('reconnectTimer');
    this.clearTimer('pingTimer');
    if (socket) drop(socket, 1000, 'restart');
    this.ended = false;
    this.attempt = 0;
    this.everOpened = false;
    if (wasOpen) this.emit('reconnecting', { attempt: 0, delay: 0 });
    this.open();
  }

  /** Waiting to reconnect (the app came back to the foreground): tries at once. */
  reconnectNow(): void {
    if (this.ended || this.socket || this.reconnectTimer === null) return;
    this.clearTimer('reconnectTimer');
    this.open();
  }

  /** Closes for good (no reconnect). */
  end(): void {
    if (this.ended) return;
    const socket = this.socket;
    this.finish(false);
    if (socket) drop(socket, 1000, 'client end');
  }

  private finish(byServer: boolean) {
    this.ended = true;
    this.socket = null;
    this.clearTimer('reconnectTimer');
    this.clearTimer('pingTimer');
    this.emit('end', { byServer });
  }

  private receive(raw: unknown) {
    let data: unknown;
    try {
      data = typeof raw === 'string' ? JSON.parse(raw) : raw;
    } catch {
      return; // not JSON: not ours
    }
    if (typeof data === 'string' && data.startsWith('primus::')) {
      this.protocol(data);
      return;
    }
    this.emit('data', data);
  }

  private protocol(msg: string) {
    const last = msg.indexOf(':', 8);
    const kind = msg.slice(8, last);
    const value = msg.slice(last + 2);
    if (kind === 'ping') {
      this.armPingTimeout();
      if (this.socket && this.isOpen) this.socket.send(JSON.stringify(`primus::pong::${value}`));
      const time = Number(value);
      if (Number.isFinite(time)) this.emit('ping', time);
    } else if (kind === 'server' && value === 'close') {
      this.serverClosing = true;
    }
  }

  private armPingTimeout() {
    this.clearTimer('pingTimer');
    this.pingTimer = this.opts.timers.setTimeout(() => {
      // silent for too long: drop the socket; onclose reconnects
      const socket = this.socket;
      if (!socket) return;
      this.socket = null;
      drop(socket, 4000, 'ping timeout');
      this.scheduleReconnect();
    }, this.opts.pingTimeout);
  }

  private scheduleReconnect() {
    if (this.ended || this.reconnectTimer) return;
    const base = Math.min(this.opts.maxDelay, this.opts.minDelay * 2 ** this.attempt);
    const delay = Math.round(base * (1 + 0.3 * this.opts.random()));
    this.attempt += 1;
    this.emit('reconnecting', { attempt: this.attempt, delay });
    this.reconnectTimer = this.opts.timers.setTimeout(() => {
      this.reconnectTimer = null;
      this.open();
    }, delay);
  }

  private clearTimer(which: 'reconnectTimer' | 'pingTimer') {
    if (this[which] !== null) this.opts.timers.clearTimeout(this[which]);
    this[which] = null;
  }
}

/** Closes a socket this client no longer listens to. */
function drop(socket: SocketLike, code: number, reason: string): void {
  socket.onclose = null;
  socket.onmessage = null;
  try {
    socket.close(code, reason);
  } catch {
    // already closing
  }
}
