import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '@tt/api-client';
import { authEndpoints } from '@tt/protocol';
import { freePort } from '../cluster/cluster';
import { startNginx } from '../cluster/nginx';
import { endGroup } from '../cluster/processes';
import { WireClient } from './ws-client';

/**
 * The cluster bench's side measures: bytes per join (ROOM-PAGE-1, PROTO-DEFLATE-1) and the floor
 * its latencies are held against — a bare `ws` server behind the same nginx broadcasting the very
 * frames our cluster sent, to the same number of sockets (bench/bare-fanout.ts).
 */

/** What the listeners that wait for the `k`-th `name` frame saw: latency per frame and listener. */
export interface Delivery {
  latencies: number[];
  received: number;
}

/**
 * Each listener counts the `name` messages it receives: the k-th one answers the k-th sent
 * (one room, one order), so its latency is its receipt time minus that send time.
 */
export function track(clients: WireClient[], name: string, sentAt: number[]): Delivery {
  const d: Delivery = { latencies: [], received: 0 };
  const needle = `"name":"${name}"`;
  for (const c of clients) {
    let k = 0;
    c.onRaw = (text, at) => {
      if (!text.includes(needle)) return;
      const sent = sentAt[k++];
      if (sent === undefined) return;
      d.received++;
      d.latencies.push(at - sent);
    };
  }
  return d;
}

export async function settle(d: Delivery, target: number, ms = 20_000) {
  const deadline = performance.now() + ms;
  while (d.received < target && performance.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Guest tokens, `n` of them, a few at a time. */
export async function guestTokens(url: string, n: number): Promise<string[]> {
  const anon = createApiClient({ baseUrl: url, getToken: () => null });
  const out: string[] = [];
  for (let i = 0; i < n; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, n - i) }, () => anon.call(authEndpoints.guest, {})),
    );
    out.push(...batch.map((b) => b.accessToken));
  }
  return out;
}

/** Bytes a client read for one joinRoom (answer and what came with it), by paging and deflate. */
export async function bytesPerJoin(url: string, roomUuid: string) {
  const tokens = await guestTokens(url, 4);
  const kinds = [
    { join: 'full state', deflate: false, usersLimit: undefined },
    { join: 'full state', deflate: true, usersLimit: undefined },
    { join: 'paged (100)', deflate: false, usersLimit: 100 },
    { join: 'paged (100)', deflate: true, usersLimit: 100 },
  ];
  const rows = [];
  for (const [i, k] of kinds.entries()) {
    const c = await WireClient.connect(url, tokens[i], k.deflate);
    try {
      await new Promise((r) => setTimeout(r, 100)); // the welcome and first ping are in
      const before = c.bytesRead();
      const res = await c.action('joinRoom', { roomUuid, usersLimit: k.usersLimit });
      const bytes = c.bytesRead() - before;
      rows.push({
        join: k.join,
        deflate: c.extensions ? 'yes' : 'no',
        'users in state': res.state.allUsers.length,
        'KB per join': Number((bytes / 1024).toFixed(1)),
      });
    } finally {
      c.close();
    }
  }
  return rows;
}

/** The frames the cluster sent, to be sent again by the bare server. */
export interface Recorded {
  song: string | null;
  votes: string[];
}

/**
 * The floor: `n` sockets on a bare `ws` server behind the same nginx build (a new instance);
 * the recorded song-change frame once, then the recorded vote frames at the same rate. Latency
 * from the control socket's send to each listener's receipt, as for the cluster.
 */
/** One nginx worker holds about 8,000 proxied sockets within this machine's descriptor limit. */
export function nginxWorkersFor(listeners: number): number {
  return listeners > 4000 ? 2 : 1;
}

export async function bareBaseline(
  n: number,
  recorded: Recorded,
  votesPerSecond: number,
  progress: (line: string) => void,
) {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'bare-fanout.ts');
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const clients: WireClient[] = [];
  let nginx: Awaited<ReturnType<typeof startNginx>> | null = null;
  try {
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { port: number }));
      child.once('exit', (code) => reject(new Error(`bare-fanout exited (${code})`)));
    });
    const front = await freePort();
    nginx = await startNginx(front, [port], nginxWorkersFor(n));
    const url = `http://127.0.0.1:${front}`;
    for (let i = 0; i < n; i += 200) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(200, n - i) }, () => WireClient.connect(url, 'bare')),
      );
      clients.push(...batch);
    }
    const control = await WireClient.connect(url, 'bare');
    progress(`bare ws: ${clients.length} sockets behind nginx`);
    const songSent: number[] = [];
    const played = track(clients, 'playedSong', songSent);
    if (recorded.song) {
      songSent.push(performance.now());
      await control.request({ broadcast: recorded.song });
      await settle(played, n);
    }
    const voteSent: number[] = [];
    const votes = track(clients, 'votedOnSong', voteSent);
    const gap = 1000 / votesPerSecond;
    const start = performance.now();
    for (let i = 0; i < recorded.votes.length; i++) {
      const wait = start + i * gap - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      voteSent.push(performance.now());
      void control.request({ broadcast: recorded.votes[i] });
    }
    await settle(votes, recorded.votes.length * n);
    control.close();
    return { played, votes };
  } finally {
    clients.forEach((c) => c.close());
    await nginx?.stop();
    await endGroup(child, 5000, () => child.send?.('stop'));
  }
}
