import { WebSocketServer } from 'ws';
import WebSocket from 'ws';
import { authEndpoints, roomEndpoints, type MinimalSongDto } from '@tt/protocol';
import type { TestServer } from '../test/harness';
import { percentile } from './http';
import { WireClient } from './ws-client';

export interface RealtimeBenchOptions {
  joins: number;
  listeners: number;
  votesPerSecond: number;
  seconds: number;
}

const song: MinimalSongDto = {
  trackName: 'Bench Groove',
  artistName: 'The Load Generators',
  duration: 600,
  genre: null,
  isrc: null,
  musicProviders: { uploadService: 'bench' },
  thumbnails: {},
  playbackToken: null,
};

async function createRoom(s: TestServer, token: string, name: string): Promise<string> {
  const room = await s.as(token).call(roomEndpoints.create, {
    body: { name, roomSize: 10_000 },
  } as never);
  return (room as { uuid: string }).uuid;
}

async function guestTokens(s: TestServer, n: number): Promise<string[]> {
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    tokens.push((await s.client.call(authEndpoints.guest, {})).accessToken);
  }
  return tokens;
}

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/**
 * Resolves once `result.deliveries` reaches `target` (or after 10 s): both fan-out scenarios keep one
 * message in flight at a time, so they put the same load pattern on the machine.
 */
function deliveredTo(result: FanOut, target: number): Promise<void> {
  return new Promise((resolve) => {
    const deadline = performance.now() + 10_000;
    const check = () => {
      if (result.deliveries >= target || performance.now() > deadline) resolve();
      else setImmediate(check);
    };
    check();
  });
}

interface FanOut {
  deliveries: number;
  latencies: number[];
  seconds: number;
  frameBytes: number;
}

function summarise(name: string, r: FanOut, listeners: number, sent: number) {
  r.latencies.sort((a, b) => a - b);
  return {
    scenario: name,
    listeners,
    messages: sent,
    'delivered %': ((100 * r.deliveries) / Math.max(1, sent * listeners)).toFixed(1),
    'frames/s': (r.deliveries / r.seconds).toFixed(0),
    'p50 ms': percentile(r.latencies, 50).toFixed(2),
    'p99 ms': percentile(r.latencies, 99).toFixed(2),
  };
}

/** (2) Vote fan-out: N listeners, one voter alternates like/dislike at a fixed rate. */
export async function voteFanOut(
  s: TestServer,
  dj: { token: string },
  voter: { token: string },
  o: RealtimeBenchOptions,
) {
  const roomUuid = await createRoom(s, dj.token, 'Vote Fan-out');
  const djClient = await WireClient.connect(s.url, dj.token);
  await djClient.action('joinRoom', { roomUuid });
  await djClient.action('addDj', { roomUuid, song });
  const voterClient = await WireClient.connect(s.url, voter.token);
  await voterClient.action('joinRoom', { roomUuid });

  const tokens = await guestTokens(s, o.listeners);
  const listeners: WireClient[] = [];
  await inBatches(tokens, 200, async (token) => {
    const c = await WireClient.connect(s.url, token);
    await c.action('joinRoom', { roomUuid });
    listeners.push(c);
  });

  // Each connection receives the votes in order: its k-th votedOnSong answers the k-th vote sent.
  const result: FanOut = { deliveries: 0, latencies: [], seconds: 0, frameBytes: 0 };
  const sentAt: number[] = [];
  for (const c of listeners) {
    let k = 0;
    c.onBroadcast = (message, receivedAt) => {
      if (message.name !== 'votedOnSong') return;
      const t0 = sentAt[k++];
      if (t0 === undefined) return;
      result.deliveries++;
      result.latencies.push(receivedAt - t0);
      result.frameBytes = JSON.stringify(message).length;
    };
  }
  const total = Math.max(1, Math.round(o.votesPerSecond * o.seconds));
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    sentAt.push(performance.now());
    await voterClient.action('voteOnSong', { roomUuid, songVotes: { like: i % 2 === 0 } });
    await deliveredTo(result, (i + 1) * listeners.length);
    const wait = started + ((i + 1) * 1000) / o.votesPerSecond - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await new Promise((r) => setTimeout(r, 500));
  result.seconds = (performance.now() - started) / 1000;
  [djClient, voterClient, ...listeners].forEach((c) => c.close());
  return {
    row: summarise('vote fan-out (room socket)', result, o.listeners, total),
    frameBytes: result.frameBytes,
    total,
  };
}

/** The same frames through a bare `ws` broadcast, as the floor to compare against. */
export async function bareBroadcast(o: RealtimeBenchOptions, frameBytes: number, total: number) {
  const wss = new WebSocketServer({ port: 0, perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  const clients: WebSocket[] = [];
  const result: FanOut = { deliveries: 0, latencies: [], seconds: 0, frameBytes };
  const sentAt: number[] = [];
  for (let i = 0; i < o.listeners; i += 200) {
    await Promise.all(
      Array.from({ length: Math.min(200, o.listeners - i) }, async () => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
        await new Promise((r) => ws.once('open', r));
        let k = 0;
        ws.on('message', () => {
          const t0 = sentAt[k++];
          if (t0 === undefined) return;
          result.deliveries++;
          result.latencies.push(performance.now() - t0);
        });
        clients.push(ws);
      }),
    );
  }
  const frame = JSON.stringify({ pad: 'x'.repeat(Math.max(0, frameBytes - 10)) });
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    sentAt.push(performance.now());
    for (const c of wss.clients) c.send(frame);
    await deliveredTo(result, (i + 1) * o.listeners);
    const next = started + ((i + 1) * 1000) / o.votesPerSecond;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  await new Promise((r) => setTimeout(r, 500));
  result.seconds = (performance.now() - started) / 1000;
  clients.forEach((c) => c.terminate());
  await new Promise((r) => wss.close(r));
  return summarise('same frames, bare ws broadcast', result, o.listeners, total);
}
