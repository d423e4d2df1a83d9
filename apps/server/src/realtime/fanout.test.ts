import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { directSocket, textFrame } from './fanout';

const { Sender } = createRequire(import.meta.url)('ws') as {
  Sender: { frame: (data: Buffer, options: object) => Buffer[] };
};

/** What `ws` itself would write for `payload` as an unmasked final text frame. */
function wsFrame(payload: Buffer): Buffer {
  const parts = Sender.frame(payload, { fin: true, opcode: 1, mask: false, readOnly: true });
  return Buffer.concat(parts);
}

describe('ROOM-FANOUT-1: a room message is framed once', () => {
  it('builds the same bytes as ws for short, 16-bit and 64-bit lengths', () => {
    for (const n of [0, 5, 125, 126, 300, 65_535, 65_536, 70_000]) {
      const payload = Buffer.from('x'.repeat(n));
      expect(textFrame(payload).equals(wsFrame(payload))).toBe(true);
    }
  });

  it('answers the frame it built for the same payload', () => {
    const payload = Buffer.from('{"message":{"name":"votedOnSong"}}');
    expect(textFrame(payload)).toBe(textFrame(payload));
    expect(textFrame(Buffer.from('other'))).not.toBe(textFrame(payload));
  });
});

describe('ROOM-FANOUT-1: frames bypass ws only where nothing was negotiated', () => {
  let wss: WebSocketServer | null = null;
  const clients: WebSocket[] = [];
  afterEach(async () => {
    clients.splice(0).forEach((c) => c.terminate());
    await new Promise((r) => (wss ? wss.close(r) : r(null)));
    wss = null;
  });

  async function pair(clientDeflate: boolean) {
    wss = new WebSocketServer({ port: 0, perMessageDeflate: { threshold: 0 } });
    await new Promise((r) => wss!.once('listening', r));
    const port = (wss.address() as { port: number }).port;
    const accepted = new Promise<WebSocket>((r) => wss!.once('connection', r));
    const client = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: clientDeflate });
    clients.push(client);
    const received = new Promise<string>((r) => client.once('message', (d) => r(String(d))));
    await new Promise((r) => client.once('open', r));
    return { server: await accepted, received };
  }

  it('writes the prebuilt frame to a plain connection, and the client reads it', async () => {
    const { server, received } = await pair(false);
    const socket = directSocket(server);
    expect(socket).not.toBeNull();
    socket!.write(textFrame(Buffer.from('{"hello":"plain"}')));
    expect(await received).toBe('{"hello":"plain"}');
  });

  it('leaves a permessage-deflate connection to ws', async () => {
    const { server } = await pair(true);
    expect(directSocket(server)).toBeNull();
  });
});
