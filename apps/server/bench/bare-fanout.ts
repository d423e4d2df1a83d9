import { WebSocketServer } from 'ws';

/**
 * The floor of the cluster bench (bench/cluster.ts), in a process of its own behind the same
 * nginx build: a bare `ws` server (no deflate, no tokens, no rooms) where a socket that sends
 * `{ "broadcast": "<frame text>", "messageId": n }` has that text sent as it is to every other
 * socket, then its answer. Run as `node --import tsx bench/bare-fanout.ts` with an IPC channel:
 * it says `{ port }` when listening and stops on 'stop'.
 */
const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
wss.on('connection', (ws) => {
  ws.on('message', (raw: Buffer) => {
    const text = raw.toString();
    if (!text.startsWith('{"broadcast"')) return;
    const { broadcast, messageId } = JSON.parse(text) as { broadcast: string; messageId: number };
    for (const c of wss.clients) if (c !== ws) c.send(broadcast);
    ws.send(JSON.stringify({ status: 'OK', context: 'response', messageId }));
  });
});
wss.once('listening', () => {
  process.send?.({ port: (wss.address() as { port: number }).port });
});
process.on('message', (m) => {
  if (m !== 'stop') return;
  for (const c of wss.clients) c.terminate();
  wss.close(() => process.exit(0));
});
