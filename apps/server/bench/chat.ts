import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import type { BareHostReady, ChatHostReady, HostCpu, HostIdle } from './chat-host';
import { percentile } from './http';
import {
  drained,
  inBatches,
  listen,
  newDelivery,
  paced,
  receipt,
  type Delivery,
} from './chat-delivery';
import { endGroup } from '../cluster/processes';
import { withArenaCap } from '../src/platform/malloc-arenas';

/**
 * Chat fan-out (`-- chat`): N guests on the one socket (/primus, the chat opened: GATEWAY-2) subscribed to one room's chat while a few
 * users post at a fixed rate through POST /api/chat-service/v3.0/messages (the path bots, the
 * chat's real clients, use); each message's text carries its send time, so every listener's
 * receipt gives one delivery latency. Then the send path alone: the same sends with nobody
 * listening, and the chat server's CPU time per message. Then the same frames, rate and clients
 * through a bare `ws` broadcast, as the floor. Prints them, the ratios and which goals are met
 * (never fails).
 */
export interface ChatBenchOptions {
  listeners: number;
  messagesPerSecond: number;
  seconds: number;
  /** Accounts posting in turn; CHAT_RATE_LIMIT is raised to twice each one's share. */
  senders: number;
}

/**
 * The goals the chat is held to, beside the bare relay of the same run: p99 within this many
 * times the bare one's, at least this share of its throughput, no refused send, and the send path
 * alone (REST, nobody listening) under this much server CPU per message.
 */
const GOAL_P99_RATIO = 2;
const GOAL_THROUGHPUT_SHARE = 0.9;
const GOAL_SEND_CPU_MS = 2;

/** Where the run is, on stderr (the figures go to stdout). */
const progress = (what: string) => process.stderr.write(`  chat bench: ${what}\n`);

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
      // MEM-ARENA-1: our server and the bare ones alike, so their resident memory compares.
      env: withArenaCap(process.env),
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

/** What the REST sends of a run came to. */
interface Posted {
  accepted: number;
  refused: number;
  refusals: Map<string, number>;
  /** Answer times (ms), sorted. */
  answered: number[];
}

/** Posts `total` messages at `perSecond` over REST, the senders in turn; waits for every answer. */
async function postAll(h: ChatHostReady, total: number, perSecond: number): Promise<Posted> {
  const api = `${h.url}/api/chat-service/v3.0`;
  const out: Posted = { accepted: 0, refused: 0, refusals: new Map(), answered: [] };
  const refuse = (why: string) => {
    out.refused++;
    out.refusals.set(why, (out.refusals.get(why) ?? 0) + 1);
  };
  const posts: Promise<void>[] = [];
  await paced(total, perSecond, (i) => {
    const sentAt = performance.now();
    const text = `bench:${sentAt.toFixed(3)}; message ${i} of the chat fan-out`;
    const body = {
      receiver: h.room,
      receiverType: 'group',
      category: 'message',
      type: 'text',
      data: { text, metadata: { chatMessage: { message: text, id: crypto.randomUUID() } } },
    };
    posts.push(
      fetch(`${api}/messages`, {
        method: 'POST',
        headers: {
          authtoken: h.chatTokens[i % h.chatTokens.length],
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      }).then(
        async (res) => {
          const answer = await res.text();
          out.answered.push(performance.now() - sentAt);
          if (res.ok) return void out.accepted++;
          refuse(`${res.status} ${/"code":"([A-Z_]+)"/.exec(answer)?.[1] ?? ''}`);
        },
        // The client's own failures name their cause (a connect timeout, a reset…).
        (err: Error & { cause?: { code?: string } }) =>
          refuse(`${err.message}${err.cause?.code ? ` (${err.cause.code})` : ''}`),
      ),
    );
  });
  progress(`sent ${total}; waiting for the answers`);
  await Promise.all(posts);
  out.answered.sort((a, b) => a - b);
  return out;
}

/** The chat: guests listen on the chat socket, senders post over REST. */
async function chatRun(h: ChatHostReady, child: ChildProcess, o: ChatBenchOptions) {
  const d = newDelivery();
  const sockets: WebSocket[] = [];
  await inBatches(h.guests, 200, async (token) => {
    sockets.push(await listen(h.url, token, h.room, d));
  });

  // The setup's own work (accounts, sessions) is done before the clock starts.
  await hostCpu(child);
  progress(`${sockets.length} listeners subscribed; sending`);
  const total = Math.max(1, Math.round(o.messagesPerSecond * o.seconds));
  d.firstSend = performance.now();
  const posted = await postAll(h, total, o.messagesPerSecond);
  progress(`${posted.accepted} accepted; waiting for the deliveries`);
  await drained(d, () => posted.accepted * o.listeners);
  sockets.forEach((ws) => ws.terminate());
  const sendMs = [50, 99].map((p) => percentile(posted.answered, p).toFixed(1));
  return { row: { d, sent: total, listeners: o.listeners }, posted, sendMs };
}

/** Asks the chat host `question` ('cpu' or 'idle') and answers its reply of that type. */
function askHost<T extends HostCpu | HostIdle>(
  child: ChildProcess,
  question: T['type'],
): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: unknown) => {
      if ((m as T | null)?.type !== question) return;
      child.off('message', onMessage);
      resolve(m as T);
    };
    child.on('message', onMessage);
    child.send(question);
  });
}

/** The chat host's CPU time so far (ms) and its calls to the stores, once its work is done. */
const hostCpu = async (child: ChildProcess) => {
  const cpu = await askHost<HostCpu>(child, 'cpu');
  return { ms: (cpu.user + cpu.system) / 1000, sql: cpu.sql, redis: cpu.redis };
};

/** The chat host's CPU per second (ms) while nobody sends: its background work. */
const hostIdleRate = async (child: ChildProcess) => {
  const idle = await askHost<HostIdle>(child, 'idle');
  return idle.cpu / 1000 / (idle.ms / 1000);
};

/**
 * CHAT-SEND-3's measure: the send path alone — the same REST sends with nobody listening — and
 * the chat server's CPU time per message (its process's user + system time from before the first
 * send until the last answer and the work events of the sends are done). Gross, and net of the
 * process's idle CPU over the same wall time (its background work, measured just before while
 * nobody sent), since that is spent whether or not anybody sends.
 */
async function sendAloneRun(h: ChatHostReady, child: ChildProcess, o: ChatBenchOptions) {
  const total = Math.max(1, Math.round(o.messagesPerSecond * o.seconds));
  const idleRate = await hostIdleRate(child);
  const before = await hostCpu(child);
  const started = performance.now();
  const posted = await postAll(h, total, o.messagesPerSecond);
  const after = await hostCpu(child);
  const cpuMs = after.ms - before.ms;
  const idleMs = (idleRate * (performance.now() - started)) / 1000;
  const sends = Math.max(1, posted.accepted);
  return {
    total,
    posted,
    idleRate,
    cpuPerSend: cpuMs / sends,
    netCpuPerSend: Math.max(0, cpuMs - idleMs) / sends,
    sqlPerSend: (after.sql - before.sql) / sends,
    redisPerSend: (after.redis - before.redis) / sends,
  };
}

/** "n× reason, …" of a run's refused sends. */
const refusedText = (p: Posted, sent: number) =>
  `${p.refused} of ${sent} sends refused` +
  (p.refused ? ` (${[...p.refusals].map(([k, n]) => `${n}× ${k}`).join(', ')})` : '');

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
      `${rateLimit} for the bench server (default 10/1); listeners: guest sessions on the one ` +
      `socket (/primus, chat opened); REALTIME_MAX_SOCKETS_PER_IP lifted (one loopback address). The chat server and the ` +
      `bare relay each run in a process of their own; the listeners and senders run here.`,
  );
  const chatHost = await host<ChatHostReady>([
    'chat',
    String(o.listeners),
    String(o.senders),
    rateLimit,
  ]);
  let chat: Awaited<ReturnType<typeof chatRun>>;
  let alone: Awaited<ReturnType<typeof sendAloneRun>>;
  try {
    chat = await chatRun(chatHost.ready, chatHost.child, o);
    progress('the send path alone (no listeners)');
    alone = await sendAloneRun(chatHost.ready, chatHost.child, o);
  } finally {
    await chatHost.stop();
  }
  const frame = chat.row.d.sample;
  if (!frame) throw new Error('no chat message was delivered: nothing to compare');
  progress('the same sends to a bare HTTP server');
  const bareHttp = await host<ChatHostReady>(['bare-http', String(Buffer.byteLength(frame))]);
  let floor: Awaited<ReturnType<typeof sendAloneRun>>;
  try {
    floor = await sendAloneRun(bareHttp.ready, bareHttp.child, o);
  } finally {
    await bareHttp.stop();
  }
  const bareHost = await host<BareHostReady>(['bare']);
  let bare: Row;
  try {
    bare = await bareRun(o, frame, bareHost.ready.port);
  } finally {
    await bareHost.stop();
  }
  const chatRow = summarise('chat (REST send → /primus gateway)', chat.row);
  const bareRow = summarise('same frames, bare ws broadcast', bare);
  console.table([chatRow, bareRow]);
  console.log(`REST send answered in p50 ${chat.sendMs[0]} ms, p99 ${chat.sendMs[1]} ms`);
  console.log(refusedText(chat.posted, chat.row.sent));
  const p99Ratio = Number(chatRow['p99 ms']) / Math.max(0.001, Number(bareRow['p99 ms']));
  const throughput = chatRow['frames/s'] / Math.max(1, bareRow['frames/s']);
  console.log(
    `frame ${Buffer.byteLength(frame)} bytes; chat p99 is ${p99Ratio.toFixed(1)}x the bare ` +
      `broadcast's; chat throughput is ${(100 * throughput).toFixed(0)} % of the bare broadcast's`,
  );
  const aloneMs = [50, 99].map((p) => percentile(alone.posted.answered, p).toFixed(1));
  console.log(
    `send path alone (${alone.total} REST sends at ${o.messagesPerSecond}/s, no listeners): ` +
      `${alone.netCpuPerSend.toFixed(2)} ms of chat server CPU per message (${alone.cpuPerSend.toFixed(2)} ms ` +
      `gross, less the ${alone.idleRate.toFixed(0)} ms/s the process spends while nobody sends); answered in p50 ` +
      `${aloneMs[0]} ms, p99 ${aloneMs[1]} ms; ${refusedText(alone.posted, alone.total)}`,
  );
  console.log(
    `the same sends to a bare node:http server (reads the JSON, answers as many bytes): ` +
      `${floor.cpuPerSend.toFixed(2)} ms of CPU per request (gross: it has no background work); ` +
      `the chat's send path gross is ${(alone.cpuPerSend / Math.max(0.001, floor.cpuPerSend)).toFixed(1)}x that`,
  );
  console.log(
    `per send, with the background work of that time: ${alone.sqlPerSend.toFixed(1)} PostgreSQL ` +
      `statements (0 on PGlite, which is not counted), ${alone.redisPerSend.toFixed(1)} Redis commands`,
  );
  const goals: [string, boolean][] = [
    [`p99 ≤ ${GOAL_P99_RATIO}× the bare relay's`, p99Ratio <= GOAL_P99_RATIO],
    [
      `throughput ≥ ${100 * GOAL_THROUGHPUT_SHARE} % of the bare relay's`,
      throughput >= GOAL_THROUGHPUT_SHARE,
    ],
    ['0 refused sends', chat.posted.refused === 0 && alone.posted.refused === 0],
    [`send path < ${GOAL_SEND_CPU_MS} ms CPU per message`, alone.netCpuPerSend < GOAL_SEND_CPU_MS],
  ];
  console.log(`goals: ${goals.map(([g, met]) => `${g} ${met ? 'met' : 'NOT met'}`).join('; ')}`);
}
