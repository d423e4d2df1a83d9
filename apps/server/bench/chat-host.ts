/**
 * The servers of the chat bench, each in a process of its own (bench/chat.ts starts them), so
 * the 2,000 listening sockets of the bench do not share the server's event loop:
 * - `chat`: the platform on the embedded defaults (or DATABASE_URL/REDIS_URL), with a room, its
 *   senders (joined to its chat, with chat tokens) and guest sessions for the listeners;
 * - `bare`: a bare `ws` relay: each frame a publisher sends is broadcast to every listener;
 * - `bare-http`: a bare HTTP server answering the REST sends (the send path's floor).
 * Each tells its parent where it listens (IPC) and stops when the parent says so or goes away.
 */
import http from 'node:http';
import { Redis } from 'ioredis';
import pg from 'pg';
import { WebSocketServer, type WebSocket } from 'ws';
import { authEndpoints, chatTokenEndpoints, roomEndpoints } from '@tt/protocol';
import { startTestServer } from '../test/harness';

export interface ChatHostReady {
  url: string;
  room: string;
  chatTokens: string[];
  guests: string[];
}
export interface BareHostReady {
  port: number;
}
/** The chat host's CPU time so far (µs), asked with 'cpu' once its work events are all done. */
export interface HostCpu {
  type: 'cpu';
  user: number;
  system: number;
  /** PostgreSQL statements (on DATABASE_URL) and Redis commands sent so far. */
  sql: number;
  redis: number;
}

/** Counts what the chat host sends to PostgreSQL (node-postgres) and Redis (ioredis). */
const calls = { sql: 0, redis: 0 };
function countCalls(): void {
  const query = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...a: unknown[]) {
    calls.sql++;
    return query.apply(this, a);
  } as typeof pg.Client.prototype.query;
  const sendCommand = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function (this: Redis, ...a: Parameters<Redis['sendCommand']>) {
    calls.redis++;
    return sendCommand.apply(this, a);
  };
}
/**
 * Asked with 'idle': the host's CPU time (µs) over `ms` of receiving nothing — what its
 * background work (relay polls, sweeps, timers) costs whether or not anybody sends.
 */
export interface HostIdle {
  type: 'idle';
  cpu: number;
  ms: number;
}

const IDLE_SAMPLE_MS = 3000;
/** How often the host looks whether its work events are done (each look costs CPU too). */
const DRAIN_POLL_MS = 100;

const send = (msg: unknown) => process.send?.(msg);

async function chatHost(listeners: number, senders: number, rateLimit: string) {
  countCalls();
  const s = await startTestServer({
    LOG_LEVEL: 'warn',
    CHAT_RATE_LIMIT: rateLimit,
    REALTIME_MAX_SOCKETS_PER_IP: '100000',
  });
  const [owner, ...users] = await Promise.all(
    Array.from({ length: senders + 1 }, () => s.createUser()),
  );
  const room = (await s.as(owner.token).call(roomEndpoints.create, {
    body: { name: 'Chat Fan-out', roomSize: 10_000 },
  } as never)) as { uuid: string };
  const chatTokens: string[] = [];
  for (const u of users) {
    const { authToken } = await s.as(u.token).call(chatTokenEndpoints.userToken, {});
    const res = await fetch(`${s.url}/api/chat-service/v3.0/groups/${room.uuid}/members`, {
      method: 'POST',
      headers: { authtoken: authToken },
    });
    if (!res.ok) throw new Error(`joining the chat: ${res.status} ${await res.text()}`);
    chatTokens.push(authToken);
  }
  const guests: string[] = [];
  for (let i = 0; i < listeners; i++) {
    guests.push((await s.client.call(authEndpoints.guest, {})).accessToken);
  }
  const ready: ChatHostReady = { url: s.url, room: room.uuid, chatTokens, guests };
  // The work of the sends (analytics, mentions) counts too: CPU is read once the outbox is idle.
  const { outbox } = s.app.platform;
  answerCpuQuestions(async () => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await outbox.backlog()) + (await outbox.pendingJobs()) > 0) {
      await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
    }
  });
  send(ready);
  return () => s.close();
}

/** Answers the parent's 'idle' and 'cpu' questions ('cpu' once `drained` has answered). */
function answerCpuQuestions(drained: () => Promise<void>): void {
  process.on('message', async (m) => {
    if (m === 'idle') {
      const from = process.cpuUsage();
      const started = performance.now();
      await new Promise((r) => setTimeout(r, IDLE_SAMPLE_MS));
      const { user, system } = process.cpuUsage(from);
      send({
        type: 'idle',
        cpu: user + system,
        ms: performance.now() - started,
      } satisfies HostIdle);
      return;
    }
    if (m !== 'cpu') return;
    await drained();
    const { user, system } = process.cpuUsage();
    send({ type: 'cpu', user, system, ...calls } satisfies HostCpu);
  });
}

/**
 * The send path's floor: a bare `node:http` server that reads each POST's JSON and answers a
 * message of the size the chat answers (`answerBytes`), storing and sending nothing.
 */
async function bareHttpHost(answerBytes: number) {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>;
      const data = { ...body, id: String(Date.now()), pad: '' };
      data.pad = ' '.repeat(Math.max(0, answerBytes - Buffer.byteLength(JSON.stringify({ data }))));
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ data }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  answerCpuQuestions(async () => {});
  const ready: ChatHostReady = {
    url: `http://127.0.0.1:${port}`,
    room: crypto.randomUUID(),
    chatTokens: ['bare'],
    guests: [],
  };
  send(ready);
  return () => new Promise<void>((r) => server.close(() => r()));
}

async function bareHost() {
  const wss = new WebSocketServer({ port: 0, perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const listeners = new Set<WebSocket>();
  wss.on('connection', (ws, req) => {
    if (req.url?.includes('pub=1')) {
      ws.on('message', (raw: Buffer) => {
        const text = raw.toString();
        for (const c of listeners) c.send(text);
      });
    } else {
      listeners.add(ws);
      ws.on('close', () => listeners.delete(ws));
    }
  });
  const ready: BareHostReady = { port: (wss.address() as { port: number }).port };
  send(ready);
  return () => new Promise<void>((r) => wss.close(() => r()));
}

const [mode, listeners, senders, rateLimit] = process.argv.slice(2);
const stop =
  mode === 'bare'
    ? await bareHost()
    : mode === 'bare-http'
      ? await bareHttpHost(Number(listeners))
      : await chatHost(Number(listeners), Number(senders), rateLimit ?? '10/1');
const end = async () => {
  await stop().catch(() => {});
  process.exit(0);
};
process.on('message', (m) => {
  if (m === 'stop') void end();
});
process.on('disconnect', () => void end());
