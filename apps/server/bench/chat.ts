import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { CHAT_SOCKET_PATH } from '@tt/protocol';
import type { BareHostReady, ChatHostReady } from './chat-host';
import { percentile } from './http';
import { endGroup } from '../cluster/processes';

/**
 * Chat fan-out (`-- chat`): N guests on the chat socket subscribed to one room's chat while a few
 * users post at a fixed rate through POST /api/chat-service/v3.0/messages (the path bots, the
 * chat's real clients, use); each message's text carries its send time, so every listener's
 * receipt gives one delivery latency. Then the same frames, rate and clients through a bare `ws`
 * broadcast, as the floor. Prints both, the ratios and whether the goal is met (never fails).
 */
export interface ChatBenchOptions {
  listeners: number;
  messagesPerSecond: number;
  seconds: number;
  /** Accounts posting in turn; CHAT_RATE_LIMIT is raised to twice each one's share. */
  senders: number;
}

/** The goal the chat is held to: p99 under this, and at least this share of the bare throughput. */
const GOAL_P99_MS = 250;
const GOAL_THROUGHPUT_SHARE = 0.5;

/** `bench:<send time>;` in the text; listeners find it in the raw frame without parsing it. */
const MARK = Buffer.from('bench:');
const SEMI = 0x3b;

interface Delivery {
  deliveries: number;
  latencies: number[];
  firstSend: number;
  lastReceipt: number;
  /** The first frame measured, as it came. */
  sample: string;
}

const newDelivery = (): Delivery => ({
  deliveries: 0,
  latencies: [],
  firstSend: 0,
  lastReceipt: 0,
  sample: '',
});

/** Counts a frame carrying a send time (other frames, e.g. `ready`, carry none). */
function receipt(d: Delivery, raw: Buffer, receivedAt: number): void {
  const at = raw.indexOf(MARK);
  if (at < 0) return;
  const end = raw.indexOf(SEMI, at);
  const sentAt = Number(raw.toString('latin1', at + MARK.length, end));
  d.deliveries++;
  d.latencies.push(receivedAt - sentAt);
  d.lastReceipt = receivedAt;
  if (!d.sample) d.sample = raw.toString();
}

/** Where the run is, on stderr (the figures go to stdout). */
const progress = (what: string) => process.stderr.write(`  chat bench: ${what}\n`);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls `fire(i)` for i < total at `perSecond`, catching up at once when the loop runs late. */
async function paced(total: number, perSecond: number, fire: (i: number) => void) {
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / perSecond - performance.now();
    if (wait > 1) await sleep(wait);
    fire(i);
  }
}

/** Waits until `expected` deliveries, or until none came for 3 s (at most 30 s). */
async function drained(d: Delivery, expected: () => number) {
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

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/** A chat socket client that counts the messages it receives; resolves once subscribed. */
function listen(base: string, token: string, guid: string, d: Delivery): Promise<WebSocket> {
  const url = `${base.replace(/^http/, 'ws')}${CHAT_SOCKET_PATH}?token=${encodeURIComponent(token)}`;
  const ws = new WebSocket(url, { perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    let subscribed = false;
    ws.on('message', (raw: Buffer) => {
      const receivedAt = performance.now();
      if (subscribed) return receipt(d, raw, receivedAt);
      const frame = JSON.parse(raw.toString());
      if (frame.type === 'ready') ws.send(JSON.stringify({ type: 'subscribe', guid }));
      else if (frame.type === 'subscribed') {
        subscribed = true;
        resolve(ws);
      } else reject(new Error(`chat socket: ${raw.toString().slice(0, 200)}`));
    });
    ws.once('error', reject);
    ws.once('close', (code) =>
      reject(new Error(`chat socket closed (${code}) before subscribing`)),
    );
    setTimeout(() => reject(new Error('chat socket: not subscribed after 60 s')), 60_000).unref();
  });
}

interface Row {
  d: Delivery;
  sent: number;
  listeners: number;
}

function summarise(name: string, { d, sent, listeners }: Row) {
  d.latencies.sort((a, b) => a - b);
  const seconds = Math.max(0.001, (d.lastReceipt - d.firstSend) / 1000);
  return {
    scenario: name,
    listeners,
    messages: sent,
    'delivered %': ((100 * d.deliveries) / Math.max(1, sent * listeners)).toFixed(1),
    'frames/s': Math.round(d.deliveries / seconds),
    'p50 ms': percentile(d.latencies, 50).toFixed(1),
    'p99 ms': percentile(d.latencies, 99).toFixed(1),
  };
}

/**
 * A bench server in a process (and process group) of its own; answers what it sent when ready
 * and a stop function that ends the whole group.
 */
export async function host<T>(
  args: string[],
  file = 'chat-host.ts',
): Promise<{ ready: T; stop: () => Promise<void>; child: ChildProcess }> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), file);
  // BENCH_CPU_PROF=<dir>: each bench server writes a V8 CPU profile there when it stops.
  const dir = process.env.BENCH_CPU_PROF;
  const prof = dir ? ['--cpu-prof', `--cpu-prof-dir=${dir}`] : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...prof, '--import', 'tsx', script, ...args],
    {
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: process.env,
    },
  );
  const ready = await new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('exit', (code) => reject(new Error(`bench host ${args[0]} exited (${code})`)));
  });
  // Asked over IPC; the whole group is killed if it is still there after 10 s.
  const stop = () => endGroup(child, 10_000, () => child.send?.('stop'));
  return { ready, stop, child };
}

/** The chat: guests listen on the chat socket, senders post over REST. */
async function chatRun(h: ChatHostReady, o: ChatBenchOptions) {
  const api = `${h.url}/api/chat-service/v3.0`;
  const { chatTokens } = h;
  const room = { uuid: h.room };
  const d = newDelivery();
  const sockets: WebSocket[] = [];
  await inBatches(h.guests, 200, async (token) => {
    sockets.push(await listen(h.url, token, room.uuid, d));
  });

  progress(`${sockets.length} listeners subscribed; sending`);
  const total = Math.max(1, Math.round(o.messagesPerSecond * o.seconds));
  let accepted = 0;
  let refused = 0;
  const refusals = new Map<string, number>();
  const answered: number[] = [];
  const posts: Promise<void>[] = [];
  d.firstSend = performance.now();
  await paced(total, o.messagesPerSecond, (i) => {
    const sentAt = performance.now();
    const text = `bench:${sentAt.toFixed(3)}; message ${i} of the chat fan-out`;
    const body = {
      receiver: room.uuid,
      receiverType: 'group',
      category: 'message',
      type: 'text',
      data: { text, metadata: { chatMessage: { message: text, id: crypto.randomUUID() } } },
    };
    posts.push(
      fetch(`${api}/messages`, {
        method: 'POST',
        headers: {
          authtoken: chatTokens[i % chatTokens.length],
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      }).then(
        async (res) => {
          const answer = await res.text();
          answered.push(performance.now() - sentAt);
          if (res.ok) return void accepted++;
          refused++;
          const code = `${res.status} ${/"code":"([A-Z_]+)"/.exec(answer)?.[1] ?? ''}`;
          refusals.set(code, (refusals.get(code) ?? 0) + 1);
        },
        (err: Error) => {
          refused++;
          refusals.set(err.message, (refusals.get(err.message) ?? 0) + 1);
        },
      ),
    );
  });
  progress(`sent ${total}; waiting for the answers`);
  await Promise.all(posts);
  progress(`${accepted} accepted; waiting for the deliveries`);
  await drained(d, () => accepted * o.listeners);
  sockets.forEach((ws) => ws.terminate());
  answered.sort((a, b) => a - b);
  const sendMs = [50, 99].map((p) => percentile(answered, p).toFixed(1));
  return { row: { d, sent: total, listeners: o.listeners }, refused, refusals, sendMs };
}

/**
 * The same frames (a delivered chat frame, its send time swapped) through a bare `ws` relay in
 * its own process: one publisher socket sends each frame, the relay broadcasts it to everyone.
 */
async function bareRun(o: ChatBenchOptions, frame: string, port: number) {
  const d = newDelivery();
  const clients: WebSocket[] = [];
  await inBatches(Array.from({ length: o.listeners }), 200, async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
    await new Promise((r) => ws.once('open', r));
    ws.on('message', (raw: Buffer) => receipt(d, raw, performance.now()));
    clients.push(ws);
  });
  const pub = new WebSocket(`ws://127.0.0.1:${port}/?pub=1`, { perMessageDeflate: false });
  await new Promise((r) => pub.once('open', r));
  const total = Math.max(1, Math.round(o.messagesPerSecond * o.seconds));
  d.firstSend = performance.now();
  await paced(total, o.messagesPerSecond, () => {
    pub.send(frame.replace(/bench:[0-9.]+;/g, `bench:${performance.now().toFixed(3)};`));
  });
  await drained(d, () => total * o.listeners);
  clients.forEach((c) => c.terminate());
  pub.terminate();
  return { d, sent: total, listeners: o.listeners };
}

/** Runs the chat and the bare baseline on one server of its own; prints figures and ratios. */
export async function benchChat(o: ChatBenchOptions): Promise<void> {
  const share = Math.ceil(o.messagesPerSecond / o.senders);
  const rateLimit = `${2 * share}/${2 * share}`;
  console.log(
    `send path: REST POST /api/chat-service/v3.0/messages (authtoken header, as bots send); ` +
      `${o.senders} sender accounts of ${share} messages/s each, CHAT_RATE_LIMIT raised to ` +
      `${rateLimit} for the bench server (default 10/1); listeners: guest sessions on the chat ` +
      `socket; REALTIME_MAX_SOCKETS_PER_IP lifted (one loopback address). The chat server and the ` +
      `bare relay each run in a process of their own; the listeners and senders run here.`,
  );
  const chatHost = await host<ChatHostReady>([
    'chat',
    String(o.listeners),
    String(o.senders),
    rateLimit,
  ]);
  let chat: Awaited<ReturnType<typeof chatRun>>;
  try {
    chat = await chatRun(chatHost.ready, o);
  } finally {
    await chatHost.stop();
  }
  const frame = chat.row.d.sample;
  if (!frame) throw new Error('no chat message was delivered: nothing to compare');
  const bareHost = await host<BareHostReady>(['bare']);
  let bare: Row;
  try {
    bare = await bareRun(o, frame, bareHost.ready.port);
  } finally {
    await bareHost.stop();
  }
  const chatRow = summarise('chat (REST send → chat socket)', chat.row);
  const bareRow = summarise('same frames, bare ws broadcast', bare);
  console.table([chatRow, bareRow]);
  console.log(`REST send answered in p50 ${chat.sendMs[0]} ms, p99 ${chat.sendMs[1]} ms`);
  if (chat.refused) {
    const why = [...chat.refusals].map(([k, n]) => `${n}× ${k}`).join(', ');
    console.log(`${chat.refused} of ${chat.row.sent} sends refused (${why})`);
  }
  const p99 = Number(chatRow['p99 ms']);
  const p99Ratio = p99 / Math.max(0.001, Number(bareRow['p99 ms']));
  const throughput = chatRow['frames/s'] / Math.max(1, bareRow['frames/s']);
  console.log(
    `frame ${Buffer.byteLength(frame)} bytes; chat p99 is ${p99Ratio.toFixed(1)}x the bare ` +
      `broadcast's; chat throughput is ${(100 * throughput).toFixed(0)} % of the bare broadcast's`,
  );
  const met = p99 < GOAL_P99_MS && throughput >= GOAL_THROUGHPUT_SHARE;
  console.log(
    `goal (p99 < ${GOAL_P99_MS} ms, ≥ ${100 * GOAL_THROUGHPUT_SHARE} % of the bare throughput): ` +
      (met ? 'met' : 'NOT met'),
  );
}
