import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { startTestServer, type TestServer } from '../../test/harness';
import { createRoom, RoomClient } from '../realtime/test-kit';

const servers: TestServer[] = [];
const clients: RoomClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of servers.splice(0)) await s.close();
});

describe('observability', () => {
  it('OBS-LOG-1: a service logging through platform.log while serving a request logs its request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    let platformLog: pino.Logger | null = null;
    const s = await startTestServer(
      {},
      {
        logger: createLogger({ LOG_LEVEL: 'info', LOG_PRETTY: false }, stream),
        configure: (app) => {
          app.get('/test/log-something', async () => {
            await new Promise((r) => setTimeout(r, 5)); // across an await, as services are
            platformLog!.info({ what: 'service work' }, 'doing service work');
            return { ok: true };
          });
        },
      },
    );
    servers.push(s);
    platformLog = s.app.platform.log;
    const res = await fetch(`${s.url}/test/log-something`);
    const reqId = res.headers.get('x-request-id');
    expect(reqId).toBeTruthy();
    const line = lines.find((l) => l.msg === 'doing service work');
    expect(line?.reqId).toBe(reqId);
    // Outside a request there is none.
    platformLog.info('between requests');
    expect(lines.find((l) => l.msg === 'between requests')?.reqId).toBeUndefined();
  });

  it('OBS-METRICS-1: /metrics answers Prometheus text with HTTP latency by route, sockets, rooms, actions and the outbox', async () => {
    const s = await startTestServer();
    servers.push(s);
    const owner = await s.createUser();
    const room = await createRoom(s, owner.token);
    const c = await RoomClient.join(s, owner, room.uuid);
    clients.push(c);
    await c.action('playOneTimeAnimation', { animation: 'emoji', emoji: '🔥' }).catch(() => {});
    const res = await fetch(`${s.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /tt_http_request_duration_seconds_count\{[^}]*route="\/api\/room-service\/[^"]+",status="2\d\d"/,
    );
    expect(text).toMatch(/^tt_socket_connections 1$/m);
    expect(text).toMatch(/^tt_rooms_running 1$/m);
    expect(text).toMatch(/^tt_room_members 1$/m);
    expect(text).toMatch(/tt_room_actions_total\{action="joinRoom",outcome="ok"\} 1/);
    expect(text).toMatch(/^tt_outbox_backlog \d+$/m);
    expect(text).toMatch(/^tt_work_jobs_pending \d+$/m);
    expect(text).toMatch(/^tt_process_process_cpu_seconds_total/m);
    if (process.env.DATABASE_URL) expect(text).toMatch(/^tt_db_pool_total \d+$/m);
  });
});
