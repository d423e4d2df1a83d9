import { WebSocket } from 'ws';
import { GATEWAY_CHAT_CONTEXT, GATEWAY_CHAT_EVENT } from '@tt/protocol';

/**
 * A test client of the chat on the one socket (GATEWAY-1): a websocket at /primus that opens the
 * chat (`{event:'chat',params:{type:'open'}}`) as soon as it is connected. Chat frames arrive
 * unwrapped in `frames` and queue up until a test takes them; the socket's other frames (the
 * welcome, pings, room answers) go to `others`; primus pings are answered.
 */
export class ChatClient {
  readonly frames: any[] = [];
  /** Every frame that was not a chat frame, parsed. */
  readonly others: unknown[] = [];
  private waiters: { pred: (f: any) => boolean; resolve: (f: any) => void }[] = [];
  closed: { code: number; reason: string } | null = null;
  private closeWaiters: ((c: { code: number; reason: string }) => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const value = JSON.parse(String(data));
      if (typeof value === 'string' && value.startsWith('primus::ping::')) {
        ws.send(JSON.stringify(`primus::pong::${value.slice(14)}`));
      }
      if (value?.context !== GATEWAY_CHAT_CONTEXT) {
        this.others.push(value);
        return;
      }
      const frame = value.frame;
      const i = this.waiters.findIndex((w) => w.pred(frame));
      if (i >= 0) {
        const [w] = this.waiters.splice(i, 1);
        w.resolve(frame);
      } else {
        this.frames.push(frame);
      }
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      for (const w of this.closeWaiters) w(this.closed);
    });
  }

  /** Connects with `?token=` and opens the chat; answers once connected (before `ready`). */
  static async open(url: string, token: string, path = '/primus'): Promise<ChatClient> {
    const ws = new WebSocket(
      `${url.replace(/^http/, 'ws')}${path}?token=${encodeURIComponent(token)}`,
    );
    const client = new ChatClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    client.send({ type: 'open' });
    return client;
  }

  /** Connects and waits for `ready`. */
  static async ready(url: string, token: string): Promise<ChatClient> {
    const c = await ChatClient.open(url, token);
    await c.next((f) => f.type === 'ready');
    return c;
  }

  /** The first frame (queued or coming) that matches; fails after `ms` (a hang guard). */
  next(pred: (f: any) => boolean, ms = 15_000): Promise<any> {
    const i = this.frames.findIndex(pred);
    if (i >= 0) return Promise.resolve(this.frames.splice(i, 1)[0]);
    return new Promise((resolve, reject) => {
      const w = { pred, resolve };
      this.waiters.push(w);
      setTimeout(() => {
        const k = this.waiters.indexOf(w);
        if (k >= 0) {
          this.waiters.splice(k, 1);
          reject(new Error(`no matching frame; got ${JSON.stringify(this.frames).slice(0, 500)}`));
        }
      }, ms).unref();
    });
  }

  /** Sends a chat frame, wrapped as the gateway wants it. */
  send(frame: unknown): void {
    this.ws.send(JSON.stringify({ event: GATEWAY_CHAT_EVENT, params: frame }));
  }

  async subscribe(guid: string): Promise<any> {
    this.send({ type: 'subscribe', guid });
    return this.next((f) => (f.type === 'subscribed' && f.guid === guid) || f.type === 'error');
  }

  /** Resolves when the server closed the socket. */
  whenClosed(): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve) => this.closeWaiters.push(resolve));
  }

  close(): void {
    this.ws.close();
  }

  /** Sends a room frame (an Actionhero envelope) on the same socket. */
  sendRoom(value: unknown): void {
    this.ws.send(JSON.stringify(value));
  }

  /** The first frame that was not a chat frame and matches, waiting for it (a hang guard). */
  async nextOther(pred: (f: any) => boolean, ms = 15_000): Promise<any> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.others.find(pred);
      if (found !== undefined) return found;
      if (Date.now() > deadline) {
        throw new Error(`no matching frame; got ${JSON.stringify(this.others).slice(-500)}`);
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Every queued frame of a type (taken out of the queue). */
  take(type: string): any[] {
    const out = this.frames.filter((f) => f.type === type);
    for (const f of out) this.frames.splice(this.frames.indexOf(f), 1);
    return out;
  }
}
