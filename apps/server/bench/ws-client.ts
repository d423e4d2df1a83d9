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

  static connect(origin: string, token: string): Promise<WireClient> {
    const url = `${origin.replace(/^http/, 'ws')}/primus?token=${encodeURIComponent(token)}&_primuscb=${Date.now()}`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
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

  close(): void {
    this.ws.terminate();
  }
}
