import WebSocket from 'ws';
import { authEndpoints, roomEndpoints, type MinimalSongDto } from '@tt/protocol';
import { startTestServer, type TestServer } from '../test/harness';
import { load } from './http';
import { WireClient } from './ws-client';

/**
 * Socket flood (SEC-FLOOD-*): REST latency while a few users flood the room socket with votes and
 * animations as fast as they can (reconnecting whenever the server closes them), against the same
 * REST load without a flood. Run twice: with the rate limits of packages/rules, and with them
 * lifted (what the server did before them).
 */
export interface FloodBenchOptions {
  seconds: number;
  concurrency: number;
  /** Users flooding, one socket each at a time. */
  attackers: number;
  /** Guests listening in the flooded room (every accepted animation goes to each). */
  listeners: number;
}

const song: MinimalSongDto = {
  trackName: 'Flood Control',
  artistName: 'The Load Generators',
  duration: 3600,
  genre: null,
  isrc: null,
  musicProviders: { uploadService: 'bench' },
  thumbnails: {},
  playbackToken: null,
};

interface AttackStats {
  sent: number;
  ok: number;
  refused: number;
  closedForFlooding: number;
  connections: number;
}

/** One attacker: connects, joins, fires frames without waiting; reconnects when closed. */
async function attack(
  url: string,
  token: string,
  roomUuid: string,
  until: number,
  st: AttackStats,
) {
  while (performance.now() < until) {
    const ws = new WebSocket(
      `${url.replace(/^http/, 'ws')}/primus?token=${encodeURIComponent(token)}&_primuscb=b`,
      { perMessageDeflate: false },
    );
    let open = true;
    ws.on('message', (raw) => {
      const text = raw.toString();
      if (!text.startsWith('{"')) return;
      const f = JSON.parse(text);
      if (f.context === 'response') {
        if (f.error) st.refused++;
        else st.ok++;
      } else if (f.code === 'SOCKET_FLOODING') st.closedForFlooding++;
    });
    ws.on('close', () => (open = false));
    ws.on('error', () => (open = false));
    await new Promise((r) => ws.once('open', r).once('error', r).once('close', r));
    if (!open) continue;
    st.connections++;
    let id = 0;
    const frame = (params: Record<string, unknown>) =>
      ws.send(
        JSON.stringify({ event: 'action', params: { ...params, roomUuid }, messageId: ++id }),
      );
    frame({ action: 'joinRoom' });
    while (open && performance.now() < until) {
      for (let i = 0; i < 25 && open; i++) {
        frame({ action: 'voteOnSong', songVotes: { like: i % 2 === 0 } });
        frame({ action: 'playOneTimeAnimation', animation: 'jump' });
        st.sent += 2;
      }
      await new Promise((r) => setImmediate(r));
    }
    ws.terminate();
  }
}

async function floodRun(s: TestServer, label: string, o: FloodBenchOptions) {
  const [dj, ...attackers] = await Promise.all(
    Array.from({ length: o.attackers + 1 }, () => s.createUser()),
  );
  const room = (await s.as(dj.token).call(roomEndpoints.create, {
    body: { name: `Flood ${label}`, roomSize: 10_000 },
  } as never)) as { uuid: string; slug: string };
  const djClient = await WireClient.connect(s.url, dj.token);
  await djClient.action('joinRoom', { roomUuid: room.uuid });
  await djClient.action('addDj', { roomUuid: room.uuid, song });
  const listeners: WireClient[] = [];
  let broadcasts = 0;
  for (let i = 0; i < o.listeners; i++) {
    const { accessToken } = await s.client.call(authEndpoints.guest, {});
    const c = await WireClient.connect(s.url, accessToken);
    await c.action('joinRoom', { roomUuid: room.uuid });
    c.onBroadcast = () => void broadcasts++;
    listeners.push(c);
  }
  const auth = { authorization: `Bearer ${dj.token}` };
  const restUrl = `${s.url}/api/room-service/rooms/${room.slug}`;
  const rest = (name: string) =>
    load(name, { seconds: o.seconds, concurrency: o.concurrency }, () =>
      fetch(restUrl, { headers: auth }),
    );
  const quiet = await rest(`GET /rooms/{slug}, no flood (${label})`);
  const st: AttackStats = { sent: 0, ok: 0, refused: 0, closedForFlooding: 0, connections: 0 };
  const until = performance.now() + o.seconds * 1000;
  broadcasts = 0;
  const attacks = attackers.map((a) => attack(s.url, a.token, room.uuid, until, st));
  const flooded = await rest(`GET /rooms/{slug}, socket flood (${label})`);
  await Promise.all(attacks);
  const perListener = broadcasts / Math.max(1, o.listeners);
  [djClient, ...listeners].forEach((c) => c.close());
  return { quiet, flooded, st, perListener };
}

/** Runs the flood with the real limits and with the limits lifted; prints figures and ratios. */
export async function benchFlood(o: FloodBenchOptions): Promise<void> {
  const lifted =
    'joinRoom=100000/100000,voteOnSong=100000/100000,playOneTimeAnimation=100000/100000,other=100000/100000';
  const rows: Record<string, string | number>[] = [];
  const floodRows: Record<string, string | number>[] = [];
  for (const [label, env] of [
    ['limits on', {}],
    ['limits lifted', { REALTIME_RATE_LIMITS: lifted, REALTIME_FLOOD_MAX_REFUSALS: '1000000' }],
  ] as const) {
    // Each flooding connection closed is logged (warn): left out of the figures' output.
    const s = await startTestServer({
      LOG_LEVEL: 'error',
      REALTIME_MAX_SOCKETS_PER_IP: '100000',
      ...env,
    });
    try {
      const { quiet, flooded, st, perListener } = await floodRun(s, label, o);
      for (const r of [quiet, flooded]) {
        rows.push({
          scenario: r.name,
          'req/s': r.perSecond.toFixed(0),
          'p50 ms': r.p50.toFixed(2),
          'p95 ms': r.p95.toFixed(2),
          failures: r.failures,
        });
      }
      rows.push({
        scenario: `  → flood/no-flood ratio (${label})`,
        'req/s': (flooded.perSecond / Math.max(1, quiet.perSecond)).toFixed(2),
        'p50 ms': (flooded.p50 / Math.max(0.001, quiet.p50)).toFixed(2),
        'p95 ms': (flooded.p95 / Math.max(0.001, quiet.p95)).toFixed(2),
        failures: '',
      });
      floodRows.push({
        run: label,
        'frames sent': st.sent,
        accepted: st.ok,
        refused: st.refused,
        'closed for flooding': st.closedForFlooding,
        connections: st.connections,
        'broadcasts per listener': perListener.toFixed(0),
      });
    } finally {
      await s.close();
    }
  }
  console.table(rows);
  console.table(floodRows);
}
