import WebSocket from 'ws';

/**
 * A lean client of the room socket's wire protocol (Primus + Actionhero envelopes, as the
 * ttfm-socket SDK speaks it), for load generation: thousands of these fit in one process.
 */
export class WireClient {
  private nextId = 0;
  private pending = new Map<number, { resolve: (v: any) => void; reject: (e: Error) => void }>();
  onBroadcast: ((message: any, receivedAt: number) => void) | null = null;
  /** Sees every broadcast frame as text, unparsed (cheap enough for thousands of listeners). */
  onRaw: ((text: string, receivedAt: number) => void) | null = null;

  private constructor(private readonly ws: WebSocket) {
    // A socket the server dropped fails what it still waits for (no answer will come).
    ws.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('socket closed'));
      this.pending.clear();
    });
    ws.on('message', (raw) => {
      const receivedAt = performance.now();
      const text = raw.toString();
      // Broadcasts nobody measures are not parsed: the load generator shares the server's CPU.
      if (!this.onBroadcast && text.startsWith('{"message"')) {
        this.onRaw?.(text, receivedAt);
        return;
      }
      const data = JSON.parse(text);
      if (typeof data === 'string') {
        if (data.startsWith('primus::ping::'))
          ws.send(JSON.stringify(data.replace('ping', 'pong')));
        return;
      }
      if (data.context === 'response') {
        const p = this.pending.get(data.messageId);
        this.pending.delete(data.messageId);
        if (!p) return;
        if (data.error) p.reject(new Error(String(data.error)));
        else p.resolve(data);
      } else if (data.context === 'user') {
        this.onBroadcast?.(data.message, receivedAt);
      }
    });
  }

  /** `deflate`: offer permessage-deflate (as browsers do); off by default. */
  static connect(origin: string, token: string, deflate = false): Promise<WireClient> {
    const url = `${origin.replace(/^http/, 'ws')}/primus?token=${encodeURIComponent(token)}&_primuscb=${Date.now()}`;
    return new Promise((resolve, reject) => {
      // A small window when offering deflate: thousands of these share the bench's memory.
      const perMessageDeflate = deflate ? { clientMaxWindowBits: 10 } : false;
      const ws = new WebSocket(url, { perMessageDeflate });
      ws.once('open', () => resolve(new WireClient(ws)));
      ws.once('error', reject);
    });
  }

  action(action: string, params: Record<string, unknown>): Promise<any> {
    const messageId = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(messageId, { resolve, reject });
      this.ws.send(JSON.stringify({ event: 'action', params: { ...params, action }, messageId }));
    });
  }

  /** Sends `{ ...body, messageId }` and resolves with its answer (any frame, e.g. a control one). */
  request(body: Record<string, unknown>): Promise<any> {
    const messageId = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.pending.set(messageId, { resolve, reject });
      this.ws.send(JSON.stringify({ ...body, messageId }));
    });
  }

  /** Bytes read from the network so far (compressed frames count as they travelled). */
  bytesRead(): number {
    return (this.ws as unknown as { _socket?: { bytesRead: number } })._socket?.bytesRead ?? 0;
  }

  /** The extensions the server accepted ('permessage-deflate' or ''). */
  get extensions(): string {
    return this.ws.extensions;
  }

  close(): void {
    this.ws.terminate();
  }
}
