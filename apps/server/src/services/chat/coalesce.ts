import type { Socket } from 'node:net';
import { WebSocket } from 'ws';

/** Sockets held back in this turn of the event loop; all let go together on the next. */
let held: Socket[] = [];
const holding = new WeakSet<Socket>();

function release(): void {
  const sockets = held;
  held = [];
  for (const s of sockets) {
    holding.delete(s);
    s.uncork();
  }
}

/**
 * CHAT-LIVE-4: sends a text frame; the frames a socket gets in one turn of the event loop leave in
 * one write (as on the room socket, ROOM-JOIN-3): a burst of chat messages costs each listener
 * one system call, not one per message.
 */
export function sendCoalesced(ws: WebSocket, frame: Buffer | string): void {
  if (ws.readyState !== WebSocket.OPEN) return;
  const socket = (ws as unknown as { _socket?: Socket })._socket;
  if (socket && !socket.destroyed && !holding.has(socket)) {
    holding.add(socket);
    socket.cork();
    held.push(socket);
    if (held.length === 1) setImmediate(release);
  }
  ws.send(frame, { binary: false });
}
