import { randomBytes } from 'node:crypto';
import { WebSocket, WebSocketServer } from 'ws';
import {
  authEndpoints,
  LIVE_AUDIO_PATH,
  roomEndpoints,
  roomSettingsEndpoints,
  type LiveAudioServerMessage,
} from '@tt/protocol';
import type { TestServer } from '../test/harness';
import { percentile } from './http';

/**
 * Live audio (`-- live-audio`): one speaker (the room's owner) sends what the web's encoder sends —
 * a frame of three 20 ms Opus packets (≈80 bytes each at 32 kbit/s) every 60 ms — on the built-in
 * socket (LIVE-AUDIO-1) to BENCH_VOICE_LISTENERS (default 500) guests for BENCH_VOICE_SECONDS (5).
 * The floor: a bare `ws` server in the same process relaying the same frames to as many sockets.
 * Printed: relay latency (speaker's send to a listener's receipt) p50/p99 and the share delivered,
 * and what a listener hears behind the speaker: relay p99 + the 60 ms a frame waits to fill + the
 * web player's 150 ms jitter buffer (codec.ts), against the 1.5 s target.
 */

const FRAME_MS = 60;
const PACKETS_PER_FRAME = 3;
const PACKET_BYTES = 80;
/** The web player's jitter buffer (apps/web/src/features/rooms/live-audio/codec.ts). */
const JITTER_BUFFER_MS = 150;

interface RelayRun {
  latencies: number[];
  expected: number;
}

const wsUrl = (httpUrl: string) => httpUrl.replace(/^http/, 'ws');

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

const frame = (seq: number) => ({
  type: 'audio' as const,
  seq,
  packets: Array.from({ length: PACKETS_PER_FRAME }, () =>
    randomBytes(PACKET_BYTES).toString('base64'),
  ),
});

/** Sends `frames` frames every FRAME_MS through `send`, noting when each left in `sentAt`. */
async function speak(
  frames: number,
  sentAt: Map<number, number>,
  send: (f: ReturnType<typeof frame>) => void,
) {
  for (let seq = 0; seq < frames; seq++) {
    sentAt.set(seq, performance.now());
    send(frame(seq));
    await new Promise((r) => setTimeout(r, FRAME_MS));
  }
}

/** Waits until every listener has what it is due or the deadline passes. */
async function settle(run: RelayRun, deadlineMs: number) {
  const end = Date.now() + deadlineMs;
  while (run.latencies.length < run.expected && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function ours(s: TestServer, listeners: number, frames: number): Promise<RelayRun> {
  const owner = await s.createUser({ nickname: 'Bench Voice' });
  const room = await s.as(owner.token).call(roomEndpoints.create, {
    body: { name: 'Bench Voice Room', design: 'CLUB' },
  });
  await s.as(owner.token).call(roomSettingsEndpoints.liveAudio, {
    params: { id: room.uuid },
    body: { liveAudio: true },
  });
  const base = `${wsUrl(s.url)}${LIVE_AUDIO_PATH}?token=`;
  const join = async (token: string) => {
    const ws = await openSocket(base + encodeURIComponent(token));
    await new Promise<void>((resolve) => {
      ws.on('message', function ready(data) {
        if ((JSON.parse(data.toString()) as LiveAudioServerMessage).type !== 'ready') return;
        ws.off('message', ready);
        resolve();
      });
      ws.send(JSON.stringify({ type: 'join', roomUuid: room.uuid }));
    });
    return ws;
  };
  const run: RelayRun = { latencies: [], expected: listeners * frames };
  const sentAt = new Map<number, number>();
  const sockets: WebSocket[] = [];
  for (let i = 0; i < listeners; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, listeners - i) }, async () => {
        const { accessToken } = await s.client.call(authEndpoints.guest, {});
        const ws = await join(accessToken);
        ws.on('message', (data) => {
          const m = JSON.parse(data.toString()) as LiveAudioServerMessage;
          if (m.type === 'audio') run.latencies.push(performance.now() - sentAt.get(m.seq)!);
        });
        return ws;
      }),
    );
    sockets.push(...batch);
  }
  const speaker = await join(owner.token);
  await new Promise<void>((resolve) => {
    speaker.on('message', (data) => {
      if ((JSON.parse(data.toString()) as LiveAudioServerMessage).type === 'speaking') resolve();
    });
    speaker.send(JSON.stringify({ type: 'speak' }));
  });
  await speak(frames, sentAt, (f) => speaker.send(JSON.stringify(f)));
  await settle(run, 10_000);
  for (const ws of [...sockets, speaker]) ws.terminate();
  return run;
}

async function bare(listeners: number, frames: number): Promise<RelayRun> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  wss.on('connection', (ws) => {
    ws.on('message', (raw: Buffer) => {
      const text = raw.toString();
      for (const c of wss.clients) if (c !== ws) c.send(text);
    });
  });
  const url = `ws://127.0.0.1:${(wss.address() as { port: number }).port}`;
  const run: RelayRun = { latencies: [], expected: listeners * frames };
  const sentAt = new Map<number, number>();
  const sockets: WebSocket[] = [];
  for (let i = 0; i < listeners; i += 100) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(100, listeners - i) }, async () => {
        const ws = await openSocket(url);
        ws.on('message', (data) => {
          const m = JSON.parse(data.toString()) as { seq: number };
          run.latencies.push(performance.now() - sentAt.get(m.seq)!);
        });
        return ws;
      }),
    );
    sockets.push(...batch);
  }
  const speaker = await openSocket(url);
  await speak(frames, sentAt, (f) => speaker.send(JSON.stringify({ ...f, from: 'bench-speaker' })));
  await settle(run, 10_000);
  for (const ws of [...sockets, speaker]) ws.terminate();
  await new Promise<void>((r) => wss.close(() => r()));
  return run;
}

export async function benchLiveAudio(s: TestServer): Promise<void> {
  const listeners = Number(process.env.BENCH_VOICE_LISTENERS ?? 500);
  const seconds = Number(process.env.BENCH_VOICE_SECONDS ?? 5);
  const frames = Math.round((seconds * 1000) / FRAME_MS);
  console.log(
    `\nLive audio (${listeners} listeners, one speaker, a frame of ${PACKETS_PER_FRAME} packets every ${FRAME_MS} ms for ${seconds} s)`,
  );
  const rows: Record<string, string | number>[] = [];
  const results: Record<string, RelayRun> = {};
  for (const [name, run] of [
    ['our built-in relay', () => ours(s, listeners, frames)],
    ['bare ws relay', () => bare(listeners, frames)],
  ] as const) {
    const r = await run();
    results[name] = r;
    const sorted = [...r.latencies].sort((a, b) => a - b);
    rows.push({
      scenario: name,
      listeners,
      frames,
      'delivered %': ((100 * r.latencies.length) / r.expected).toFixed(1),
      'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
      'p99 ms': Number(percentile(sorted, 99).toFixed(1)),
    });
  }
  console.table(rows);
  const p99 = (r: RelayRun) =>
    percentile(
      [...r.latencies].sort((a, b) => a - b),
      99,
    );
  const oursP99 = p99(results['our built-in relay']!);
  const bareP99 = p99(results['bare ws relay']!);
  const behind = oursP99 + FRAME_MS + JITTER_BUFFER_MS;
  console.log(
    `live audio vs bare: relay p99 ${(oursP99 / Math.max(bareP99, 0.1)).toFixed(2)}x; a listener hears the speaker about ${Math.round(behind)} ms behind at p99 (relay ${oursP99.toFixed(1)} ms + ${FRAME_MS} ms to fill a frame + ${JITTER_BUFFER_MS} ms jitter buffer; target under 1500 ms: ${behind < 1500 ? 'met' : 'not met'}); the microphone's and the output device's own latency come on top and need a device`,
  );
}
