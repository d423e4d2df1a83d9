import WebSocket from 'ws';
import { GATEWAY_CHAT_CONTEXT, GATEWAY_CHAT_EVENT } from '@tt/protocol';

/** The chat bench's listeners: who received which message, when (bench/chat.ts). */

/** `bench:<send time>;` in the text; listeners find it in the raw frame without parsing it. */
const MARK = Buffer.from('bench:');
const SEMI = 0x3b;

export interface Delivery {
  deliveries: number;
  latencies: number[];
  firstSend: number;
  lastReceipt: number;
  /** The first frame measured, as it came. */
  sample: string;
}

export const newDelivery = (): Delivery => ({
  deliveries: 0,
  latencies: [],
  firstSend: 0,
  lastReceipt: 0,
  sample: '',
});

/** Counts a frame carrying a send time (other frames, e.g. `ready`, carry none). */
export function receipt(d: Delivery, raw: Buffer, receivedAt: number): void {
  const at = raw.indexOf(MARK);
  if (at < 0) return;
  const end = raw.indexOf(SEMI, at);
  const sentAt = Number(raw.toString('latin1', at + MARK.length, end));
  d.deliveries++;
  d.latencies.push(receivedAt - sentAt);
  d.lastReceipt = receivedAt;
  if (!d.sample) d.sample = raw.toString();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls `fire(i)` for i < total at `perSecond`, catching up at once when the loop runs late. */
export async function paced(total: number, perSecond: number, fire: (i: number) => void) {
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / perSecond - performance.now();
    if (wait > 1) await sleep(wait);
    fire(i);
  }
}

/** Waits until `expected` deliveries, or until none came for 3 s (at most 30 s). */
export async function drained(d: Delivery, expected: () => number) {
  const deadline = performance.now() + 30_000;
  let last = -1;
  let stillSince = performance.now();
  while (d.deliveries < expected() && performance.now() < deadline) {
    if (d.deliveries !== last) {
      last = d.deliveries;
      stillSince = performance.now();
    } else if (performance.now() - stillSince > 3000) return;
    await sleep(50);
  }
}

export async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** `"primus::ping::<ms>"`: the gateway's heartbeat, answered as the SDK does. */
const PING = Buffer.from('"primus::ping::');

/**
 * A gateway client (GATEWAY-1) that opens the chat, subscribes to the room's and counts the
 * messages it receives; resolves once subscribed.
 */
export function listen(base: string, token: string, guid: string, d: Delivery): Promise<WebSocket> {
  const url = `${base.replace(/^http/, 'ws')}/primus?token=${encodeURIComponent(token)}`;
  const ws = new WebSocket(url, { perMessageDeflate: false });
  const chat = (params: unknown) => ws.send(JSON.stringify({ event: GATEWAY_CHAT_EVENT, params }));
  return new Promise((resolve, reject) => {
    let subscribed = false;
    ws.on('message', (raw: Buffer) => {
      const receivedAt = performance.now();
      if (raw.subarray(0, PING.length).equals(PING)) {
        return ws.send(JSON.stringify(`primus::pong::${JSON.parse(raw.toString()).slice(14)}`));
      }
      if (subscribed) return receipt(d, raw, receivedAt);
      const wrapped = JSON.parse(raw.toString());
      if (wrapped?.context !== GATEWAY_CHAT_CONTEXT) return; // the welcome and other room frames
      const frame = wrapped.frame;
      if (frame.type === 'ready') chat({ type: 'subscribe', guid });
      else if (frame.type === 'subscribed') {
        subscribed = true;
        resolve(ws);
      } else reject(new Error(`chat socket: ${raw.toString().slice(0, 200)}`));
    });
    ws.once('open', () => chat({ type: 'open' }));
    ws.once('error', reject);
    ws.once('close', (code) =>
      reject(new Error(`chat socket closed (${code}) before subscribing`)),
    );
    setTimeout(() => reject(new Error('chat socket: not subscribed after 60 s')), 60_000).unref();
  });
}
