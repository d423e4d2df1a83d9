/**
 * The servers of the chat bench, each in a process of its own (bench/chat.ts starts them), so
 * the 2,000 listening sockets of the bench do not share the server's event loop:
 * - `chat`: the platform on the embedded defaults (or DATABASE_URL/REDIS_URL), with a room, its
 *   senders (joined to its chat, with chat tokens) and guest sessions for the listeners;
 * - `bare`: a bare `ws` relay: each frame a publisher sends is broadcast to every listener.
 * Each tells its parent where it listens (IPC) and stops when the parent says so or goes away.
 */
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
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && (await outbox.backlog()) + (await outbox.pendingJobs()) > 0) {
      await new Promise((r) => setTimeout(r, DRAIN_POLL_MS));
    }
    const { user, system } = process.cpuUsage();
    send({ type: 'cpu', user, system } satisfies HostCpu);
  });
  send(ready);
  return () => s.close();
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
    : await chatHost(Number(listeners), Number(senders), rateLimit ?? '10/1');
const end = async () => {
  await stop().catch(() => {});
  process.exit(0);
};
process.on('message', (m) => {
  if (m === 'stop') void end();
});
process.on('disconnect', () => void end());
