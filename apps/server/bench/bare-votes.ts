import { WebSocketServer } from 'ws';
import type { RoomHostReady } from './room-host';

/**
 * The floor of the vote fan-out bench (bench/realtime.ts), run by bench/room-host.ts in a process
 * of its own: a bare `ws` server (no deflate) that answers each voteOnSong frame the plain way —
 * the counts change, one votedOnSong envelope of the same shape as ours is serialised and sent to
 * every socket (`ws.send` of the string), then the voter gets its answer. No tokens, no rooms.
 */
export async function bareVotesHost(send: (m: RoomHostReady) => void) {
  const startRss = process.memoryUsage().rss;
  const wss = new WebSocketServer({ port: 0, perMessageDeflate: false });
  await new Promise((r) => wss.once('listening', r));
  const roomUuid = '00000000-0000-4000-8000-000000000000';
  const counts = { likes: 0, dislikes: 0, stars: 0 };
  wss.on('connection', (ws) => {
    ws.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString()) as {
        params?: { action?: string; songVotes?: { like?: boolean } };
        messageId?: number;
      };
      if (frame.params?.action !== 'voteOnSong') return;
      const like = frame.params.songVotes?.like === true;
      counts.likes = like ? 1 : 0;
      counts.dislikes = like ? 0 : 1;
      const voted = JSON.stringify({
        message: {
          name: 'votedOnSong',
          statePatch: [
            { op: 'replace', path: '/voteCounts', value: counts },
            { op: 'replace', path: '/vibeMeter', value: like ? 1 : 0 },
          ],
        },
        room: roomUuid,
        from: 'server',
        context: 'user',
        sentAt: Date.now(),
      });
      for (const c of wss.clients) c.send(voted);
      ws.send(JSON.stringify({ status: 'OK', context: 'response', messageId: frame.messageId }));
    });
  });
  const port = (wss.address() as { port: number }).port;
  send({ url: `http://127.0.0.1:${port}`, room: roomUuid, guests: [], startRss });
  return () => new Promise<void>((r) => wss.close(() => r()));
}
