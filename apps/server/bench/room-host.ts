/**
 * The servers of the join-storm and vote fan-out benches, each in a process of its own
 * (bench/join.ts and bench/realtime.ts start them), so that the load's sockets do not share the
 * server's event loop:
 * - `room`: the platform on the embedded defaults (or DATABASE_URL/REDIS_URL), with a room and
 *   guest sessions for the joiners;
 * - `bare`: a bare `ws` server answering the same joinRoom frames the plain way: the joiner is
 *   added to a state of the same shape, a userJoined patch goes to every member, the state is
 *   serialised for the joiner.
 * - `votes`: like `room`, and a DJ and a voter (users) for the vote fan-out;
 * - `bare-votes`: a bare `ws` server relaying each voteOnSong as a votedOnSong frame of the same
 *   shape to every socket (bench/bare-votes.ts).
 * Each tells its parent where it listens (IPC), answers `cpu` with its CPU time so far and `mem`
 * with its memory after a full GC, and stops when the parent says so or goes away.
 */
import { runInNewContext } from 'node:vm';
import { setFlagsFromString, writeHeapSnapshot } from 'node:v8';
import { WebSocketServer, type WebSocket } from 'ws';
import { bareVotesHost } from './bare-votes';

export interface RoomHostReady {
  url: string;
  room: string;
  guests: string[];
  /** `votes`: the DJ's and the voter's tokens. */
  dj?: string;
  voter?: string;
  /** RSS once started, before any guest token was made (bytes). */
  startRss?: number;
}

/** What `mem` answers (bytes, after a full GC). */
export interface HostMemory {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
}
let snapshots = 0;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const send = (msg: unknown) => process.send?.(msg);

async function roomHost(joiners: number, votes: boolean) {
  // Loaded here: the bare servers' processes hold no more than `ws` (their RSS is the floor).
  const { startTestServer } = await import('../test/harness');
  const { authEndpoints, roomEndpoints } = await import('@tt/protocol');
  const s = await startTestServer({
    LOG_LEVEL: 'warn',
    REALTIME_MAX_SOCKETS_PER_IP: '1000000',
    REALTIME_RATE_LIMITS: 'joinRoom=100000/100000,voteOnSong=100000/100000',
  });
  gc();
  const startRss = process.memoryUsage().rss;
  const owner = await s.createUser();
  const room = (await s.as(owner.token).call(roomEndpoints.create, {
    body: { name: votes ? 'Vote Fan-out' : 'Join Storm', roomSize: 10_000 },
  } as never)) as { uuid: string };
  const guests: string[] = [];
  for (let i = 0; i < joiners; i++) {
    guests.push((await s.client.call(authEndpoints.guest, {})).accessToken);
  }
  const voter = votes ? (await s.createUser()).token : undefined;
  const dj = votes ? owner.token : undefined;
  send({ url: s.url, room: room.uuid, guests, dj, voter, startRss } satisfies RoomHostReady);
  return () => s.close();
}

interface BareUser {
  uuid: string;
  tokenRole: 'guest';
  canDj: boolean;
}

async function bareHost(joiners: number) {
  const wss = new WebSocketServer({ port: 0, perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const roomUuid = 'bare-room';
  const members = new Set<WebSocket>();
  const state = {
    allUserData: {} as Record<string, unknown>,
    allUsers: [] as BareUser[],
    audienceUsers: [] as BareUser[],
    djs: [],
    floorUsers: [],
    nowPlaying: null,
    settings: { uuid: roomUuid, name: 'Join Storm', roomSize: 10_000 },
    songsRemainingForDj: 0,
    vibeMeter: 0.5,
    visibleDjs: [],
    voteCounts: { likes: 0, dislikes: 0, stars: 0 },
  };
  let n = 0;
  wss.on('connection', (ws) => {
    const uuid = `guest-${++n}`;
    ws.send(JSON.stringify({ welcome: 'Hello! Welcome to Turntable LIVE', context: 'api' }));
    ws.send(JSON.stringify(`primus::ping::${Date.now()}`));
    ws.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as {
        params?: { action?: string };
        messageId?: number;
      };
      if (frame.params?.action !== 'joinRoom') return;
      const data = {
        userProfile: { uuid, nickname: 'Guest', color: '#888888', avatarId: 'guest' },
        position: { x: Math.random(), y: Math.random() },
        songVotes: {},
      };
      const entry: BareUser = { uuid, tokenRole: 'guest', canDj: false };
      state.allUserData[uuid] = data;
      state.allUsers.push(entry);
      state.audienceUsers.push(entry);
      const patch = [
        { op: 'add', path: `/allUserData/${uuid}`, value: data },
        { op: 'add', path: '/allUsers/-', value: entry },
        { op: 'add', path: '/audienceUsers/-', value: entry },
      ];
      const joined = JSON.stringify({
        message: { name: 'userJoined', statePatch: patch },
        room: roomUuid,
        from: 'server',
        context: 'user',
        sentAt: Date.now(),
      });
      for (const m of members) m.send(joined);
      members.add(ws);
      ws.send(
        JSON.stringify({
          roomUuid,
          allowedRooms: [roomUuid],
          didCreate: false,
          state,
          serverTime: Date.now(),
          status: 'OK',
          context: 'response',
          messageId: frame.messageId,
        }),
      );
    });
    ws.on('close', () => members.delete(ws));
  });
  const port = (wss.address() as { port: number }).port;
  const guests = Array.from({ length: joiners }, (_, i) => `bare-${i}`);
  send({ url: `http://127.0.0.1:${port}`, room: roomUuid, guests } satisfies RoomHostReady);
  return () => new Promise<void>((r) => wss.close(() => r()));
}

const [mode, joiners] = process.argv.slice(2);
const stop =
  mode === 'bare'
    ? await bareHost(Number(joiners))
    : mode === 'bare-votes'
      ? await bareVotesHost(send)
      : await roomHost(Number(joiners), mode === 'votes');
const end = async () => {
  await stop().catch(() => {});
  process.exit(0);
};
process.on('message', (m) => {
  if (m === 'stop') void end();
  if (m === 'cpu') {
    const { user, system } = process.cpuUsage();
    send({ cpuMs: (user + system) / 1000 });
  }
  if (m === 'mem') {
    gc();
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    // BENCH_HEAP_SNAPSHOT=<dir>: a heap snapshot at each measure (what holds the memory).
    const dir = process.env.BENCH_HEAP_SNAPSHOT;
    if (dir) writeHeapSnapshot(`${dir}/${mode}-${process.pid}-${++snapshots}.heapsnapshot`);
    send({ rss, heapUsed, heapTotal, external, arrayBuffers } satisfies HostMemory);
  }
});
process.on('disconnect', () => void end());
