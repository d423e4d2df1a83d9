import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/**
 * ROOM-FANOUT-1: a room message goes to every connection of the room as the same bytes. Its
 * websocket frame (header and payload: a server's frames are not masked, so they are the same for
 * every socket) is built once and written as it is to each connection's socket, where nothing was
 * negotiated that changes a frame per connection (permessage-deflate); those get `ws.send`.
 */

/** The frame built last, for the payload it was built from (a fan-out sends one payload N times). */
let lastPayload: Buffer | null = null;
let lastWire: Buffer | null = null;

/** An unmasked, final text frame carrying `payload` (RFC 6455 §5.2), built once per payload. */
export function textFrame(payload: Buffer): Buffer {
  if (payload === lastPayload && lastWire) return lastWire;
  const n = payload.length;
  const head = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const wire = Buffer.allocUnsafe(head + n);
  wire[0] = 0x81; // FIN, opcode 1 (text)
  if (head === 2) wire[1] = n;
  else if (head === 4) {
    wire[1] = 126;
    wire.writeUInt16BE(n, 2);
  } else {
    wire[1] = 127;
    wire.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(wire, head);
  lastPayload = payload;
  lastWire = wire;
  return wire;
}

/** What `ws` keeps on a connection that tells whether a frame may bypass its sender. */
interface WsInternals {
  _extensions?: Record<string, unknown>;
  _sender?: { _state?: number };
  _socket?: Socket;
}

/**
 * The socket under `ws` when a prebuilt frame may be written to it directly: no extension
 * negotiated and the sender holding nothing back (its state idle, so the frame keeps its place
 * after what was sent before). Otherwise null: the frame goes through `ws.send`.
 */
export function directSocket(ws: WebSocket): Socket | null {
  const w = ws as unknown as WsInternals;
  const ext = w._extensions;
  if (!ext || ext['permessage-deflate'] !== undefined) return null;
  if (w._sender?._state !== 0) return null;
  const socket = w._socket;
  return socket && !socket.destroyed ? socket : null;
}
