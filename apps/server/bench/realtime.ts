import type { ChildProcess } from 'node:child_process';
import type { MinimalSongDto } from '@tt/protocol';
import { host } from './chat';
import { percentile } from './http';
import type { HostMemory, RoomHostReady } from './room-host';
import { WireClient } from './ws-client';

/**
 * Vote fan-out (`-- realtime`), side by side in one run: N listeners in one room and one voter
 * alternating like/dislike at a fixed rate, against our server and against a bare `ws` server
 * relaying the same votes as frames of the same shape (bench/bare-votes.ts). Each server runs in a
 * process of its own (bench/room-host.ts); the listeners run here and only look for the frame's
 * name (no JSON parsing). Per server: delivery latency p50/p99, CPU per delivered message, RSS at
 * start, idle (guest tokens made), just after the joins (their patches still going out) and with
 * the listeners after the votes (settled), and the bytes each listener adds (settled − idle).
 */
export interface RealtimeBenchOptions {
  joins: number;
  listeners: number;
  votesPerSecond: number;
  seconds: number;
}

/** Goals: CPU per delivered message within this of the bare server's … */
const GOAL_CPU_RATIO = 1.2;
/** … and each listener holding at most this many bytes more than on the bare server. */
const GOAL_EXTRA_BYTES_PER_LISTENER = 1024;

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

const progress = (what: string) => process.stderr.write(`  vote bench: ${what}\n`);
const MB = (bytes: number) => Number((bytes / 2 ** 20).toFixed(1));
const mem = (m: HostMemory) =>
  `RSS ${MB(m.rss)} MB (JS heap ${MB(m.heapUsed)} of ${MB(m.heapTotal)}, external ${MB(m.external)}, array buffers ${MB(m.arrayBuffers)})`;

function ask<T>(child: ChildProcess, question: 'cpu' | 'mem'): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as T));
    child.send(question);
  });
}
const cpuOf = async (child: ChildProcess) => (await ask<{ cpuMs: number }>(child, 'cpu')).cpuMs;

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

interface FanOut {
  deliveries: number;
  latencies: number[];
}

/** Resolves once `result.deliveries` reaches `target` (or after 10 s): one vote in flight. */
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

/**
 * BENCH_SERVER_NODE_OPTIONS: Node flags for our server's process only (e.g.
 * `--max-semi-space-size=4`: a smaller young generation); the bare one keeps Node's defaults.
 */
const SERVER_NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS ?? '';

function start(mode: 'votes' | 'bare-votes', listeners: number) {
  const saved = process.env.NODE_OPTIONS;
  if (mode === 'votes') process.env.NODE_OPTIONS = `${saved ?? ''} ${SERVER_NODE_OPTIONS}`.trim();
  const started = host<RoomHostReady>([mode, String(listeners)], 'room-host.ts');
  if (saved === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = saved;
  return started;
}

async function run(name: string, mode: 'votes' | 'bare-votes', o: RealtimeBenchOptions) {
  const h = await start(mode, o.listeners);
  const clients: WireClient[] = [];
  try {
    const roomUuid = h.ready.room;
    const guests =
      mode === 'votes' ? h.ready.guests : Array.from({ length: o.listeners }, () => 'bare');
    const idle = await ask<HostMemory>(h.child, 'mem');
    let voter: WireClient;
    if (mode === 'votes') {
      const dj = await WireClient.connect(h.ready.url, h.ready.dj!);
      await dj.action('joinRoom', { roomUuid });
      await dj.action('addDj', { roomUuid, song });
      voter = await WireClient.connect(h.ready.url, h.ready.voter!);
      await voter.action('joinRoom', { roomUuid });
      clients.push(dj, voter);
    } else {
      voter = await WireClient.connect(h.ready.url, 'bare');
      clients.push(voter);
    }
    const listeners: WireClient[] = [];
    await inBatches(guests, 200, async (token) => {
      const c = await WireClient.connect(h.ready.url, token);
      if (mode === 'votes') await c.action('joinRoom', { roomUuid });
      listeners.push(c);
      clients.push(c);
    });
    const joined = await ask<HostMemory>(h.child, 'mem');
    progress(`${name}: ${listeners.length} in; idle ${mem(idle)}; just joined ${mem(joined)}`);

    // Each connection receives the votes in order: its k-th votedOnSong answers the k-th vote.
    const result: FanOut = { deliveries: 0, latencies: [] };
    const sentAt: number[] = [];
    let frameBytes = 0;
    for (const c of listeners) {
      let k = 0;
      c.onRaw = (text, receivedAt) => {
        if (!text.includes('"name":"votedOnSong"')) return;
        const t0 = sentAt[k++];
        if (t0 === undefined) return;
        result.deliveries++;
        result.latencies.push(receivedAt - t0);
        frameBytes = Buffer.byteLength(text);
      };
    }
    const total = Math.max(1, Math.round(o.votesPerSecond * o.seconds));
    const cpuBefore = await cpuOf(h.child);
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      sentAt.push(performance.now());
      await voter.action('voteOnSong', { roomUuid, songVotes: { like: i % 2 === 0 } });
      await deliveredTo(result, (i + 1) * listeners.length);
      const wait = started + ((i + 1) * 1000) / o.votesPerSecond - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    const seconds = (performance.now() - started) / 1000;
    const cpuUs = ((await cpuOf(h.child)) - cpuBefore) * 1000;
    // Every listener got every vote, so everything sent before (the joins' patches) was delivered:
    // the memory has settled at what N listeners hold.
    const loaded = await ask<HostMemory>(h.child, 'mem');
    progress(`${name}: after the votes ${mem(loaded)}`);
    result.latencies.sort((a, b) => a - b);
    const n = Math.max(1, listeners.length);
    // What each listener holds in the JS heap and outside it (Buffers), after a full GC: stable
    // from run to run, where RSS at this size moves by tens of MB with the allocator.
    const held = (m: HostMemory) => m.heapUsed + m.external;
    return {
      row: {
        scenario: name,
        listeners: listeners.length,
        votes: total,
        'delivered %': ((100 * result.deliveries) / Math.max(1, total * listeners.length)).toFixed(
          1,
        ),
        'frames/s': Math.round(result.deliveries / seconds),
        'p50 ms': Number(percentile(result.latencies, 50).toFixed(1)),
        'p99 ms': Number(percentile(result.latencies, 99).toFixed(1)),
        'CPU µs/msg': Number((cpuUs / Math.max(1, result.deliveries)).toFixed(2)),
        'RSS start MB': MB(h.ready.startRss ?? 0),
        'RSS idle MB': MB(idle.rss),
        'RSS joined MB': MB(joined.rss),
        'RSS loaded MB': MB(loaded.rss),
        'RSS B/listener': Math.round((loaded.rss - idle.rss) / n),
        'heap B/listener': Math.round((held(loaded) - held(idle)) / n),
      },
      frameBytes,
    };
  } finally {
    clients.forEach((c) => c.close());
    await h.stop();
  }
}

export async function benchVoteFanOut(o: RealtimeBenchOptions): Promise<void> {
  const ours = await run('vote fan-out, our server', 'votes', o);
  const bare = await run('same votes, bare ws server', 'bare-votes', o);
  console.table([ours.row, bare.row]);
  const ratio = (a: number, b: number) => (a / Math.max(0.001, b)).toFixed(2);
  const cpu = ours.row['CPU µs/msg'] / Math.max(0.001, bare.row['CPU µs/msg']);
  const extra = ours.row['heap B/listener'] - bare.row['heap B/listener'];
  const extraRss = ours.row['RSS B/listener'] - bare.row['RSS B/listener'];
  console.log(
    `vote fan-out vs bare (frame ${ours.frameBytes} / ${bare.frameBytes} bytes): ` +
      `p50 ${ratio(ours.row['p50 ms'], bare.row['p50 ms'])}x, p99 ${ratio(ours.row['p99 ms'], bare.row['p99 ms'])}x, ` +
      `CPU per delivered message ${cpu.toFixed(2)}x (goal ≤ ${GOAL_CPU_RATIO}x: ${cpu <= GOAL_CPU_RATIO ? 'met' : 'not met'}); ` +
      `each listener holds ${extra} bytes more than on the bare server in the heap after GC ` +
      `(goal ≤ ${GOAL_EXTRA_BYTES_PER_LISTENER}: ${extra <= GOAL_EXTRA_BYTES_PER_LISTENER ? 'met' : 'not met'}; ` +
      `RSS difference ${extraRss} bytes, noisy at this size)`,
  );
}
