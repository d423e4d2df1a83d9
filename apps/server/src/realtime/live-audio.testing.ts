import { WebSocket } from 'ws';
import {
  LIVE_AUDIO_PATH,
  roomSettingsEndpoints,
  type LiveAudioClientMessage,
  type LiveAudioServerMessage,
} from '@tt/protocol';
import type { TestServer } from '../../test/harness';

/** Helpers for the live-audio tests (imported by tests only). */

/** A live-audio socket that records what it receives, in order. */
export class LiveAudioClient {
  readonly received: LiveAudioServerMessage[] = [];
  private waiters: Array<() => void> = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.received.push(JSON.parse(data.toString()) as LiveAudioServerMessage);
      for (const w of this.waiters.splice(0)) w();
    });
  }

  static open(s: TestServer, token: string): Promise<LiveAudioClient> {
    const url = `${s.url.replace(/^http/, 'ws')}${LIVE_AUDIO_PATH}?token=${encodeURIComponent(token)}`;
    const ws = new WebSocket(url);
    const client = new LiveAudioClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  /** Opens, joins `roomUuid` and waits for `ready`. */
  static async joined(s: TestServer, token: string, roomUuid: string): Promise<LiveAudioClient> {
    const c = await LiveAudioClient.open(s, token);
    c.send({ type: 'join', roomUuid });
    await c.next((m) => m.type === 'ready');
    return c;
  }

  send(m: LiveAudioClientMessage | Record<string, unknown>): void {
    this.ws.send(JSON.stringify(m));
  }

  /** The first message from index `from` on that matches. */
  async next<T extends LiveAudioServerMessage>(
    match: (m: LiveAudioServerMessage) => m is T,
    from?: number,
    timeoutMs?: number,
  ): Promise<T>;
  async next(
    match: (m: LiveAudioServerMessage) => boolean,
    from?: number,
    timeoutMs?: number,
  ): Promise<LiveAudioServerMessage>;
  async next(
    match: (m: LiveAudioServerMessage) => boolean,
    from = 0,
    timeoutMs = 10_000,
  ): Promise<LiveAudioServerMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(from).find(match);
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching live-audio message; got ${this.dump()}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /** The next error (from index `from`) and its code. */
  async error(from = 0): Promise<string> {
    const m = await this.next((x) => x.type === 'error', from);
    return m.type === 'error' ? m.code : '';
  }

  /** The latest state message (after index `from`) that satisfies `check`. */
  state(check: (s: Extract<LiveAudioServerMessage, { type: 'state' }>) => boolean, from = 0) {
    return this.next((m) => m.type === 'state' && check(m), from);
  }

  get mark(): number {
    return this.received.length;
  }

  private dump(): string {
    return JSON.stringify(this.received.slice(-5)).slice(0, 600);
  }

  close(): void {
    this.ws.close();
  }
}

/** The status an upgrade to the live-audio socket is refused with (or 101 when it opens). */
export function upgradeStatus(s: TestServer, query: string): Promise<number> {
  const ws = new WebSocket(`${s.url.replace(/^http/, 'ws')}${LIVE_AUDIO_PATH}${query}`);
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}

/** Turns a room's live audio on or off (its owner's token). */
export function setLiveAudio(s: TestServer, token: string, roomUuid: string, liveAudio: boolean) {
  return s.as(token).call(roomSettingsEndpoints.liveAudio, {
    params: { id: roomUuid },
    body: { liveAudio },
  });
}

/** A fake Opus packet (the relay does not decode). */
export const packet = (n = 0) => Buffer.from(`opus-${n}`).toString('base64');
