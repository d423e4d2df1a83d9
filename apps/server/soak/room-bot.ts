import jsonpatch from 'fast-json-patch';
import { SocketClient } from 'ttfm-socket';
import type { ClientRoomState, MinimalSongDto, Operation } from '@tt/protocol';

/**
 * A room client on the unmodified `ttfm-socket` SDK, as bots and the web app use it: it joins,
 * applies every statePatch to its copy of the room state, and when its connection is lost (its
 * process was killed or stopped) it connects again through the load balancer and joins again,
 * as a client does after a reconnect. It counts the patches it could not apply.
 */
export class RoomBot {
  state: ClientRoomState | null = null;
  patchErrors = 0;
  rejoins = 0;
  private client: SocketClient | null = null;
  private joining: Promise<void> | null = null;
  private left = false;
  private readonly played: (() => void)[] = [];

  constructor(
    readonly name: string,
    private readonly url: string,
    private readonly token: string,
    readonly uuid: string,
    private readonly roomUuid: string,
  ) {}

  /** Joins (again); retries for up to two minutes while the room changes hands. */
  join(): Promise<void> {
    this.left = false;
    this.joining ??= this.connect().finally(() => (this.joining = null));
    return this.joining;
  }

  private async connect(): Promise<void> {
    const deadline = Date.now() + 120_000;
    for (;;) {
      this.drop();
      const client = new SocketClient(this.url);
      let held: Operation[][] | null = [];
      client.on('serverMessage', (envelope) => {
        const m = envelope.message as { name: string; statePatch?: Operation[] };
        if (m.name === 'playedSong') for (const w of this.played.splice(0)) w();
        if (!m.statePatch) return;
        if (held) held.push(m.statePatch);
        else this.apply(m.statePatch);
      });
      client.on('disconnected', () => {
        if (this.client !== client || this.left) return;
        this.client = null;
        void this.join().catch(() => {});
      });
      this.client = client;
      let timer: NodeJS.Timeout | undefined;
      try {
        const result = (await Promise.race([
          client.joinRoom(this.token, { roomUuid: this.roomUuid }),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('join timed out')), 10_000);
          }),
        ])) as { state: ClientRoomState };
        this.state = result.state;
        for (const patch of held) this.apply(patch);
        held = null;
        this.rejoins++;
        return;
      } catch (err) {
        if (Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 1000));
      } finally {
        clearTimeout(timer);
      }
    }
  }

  private apply(patch: Operation[]): void {
    if (!this.state) return;
    try {
      jsonpatch.applyPatch(this.state, patch as never, true);
    } catch {
      this.patchErrors++;
    }
  }

  /** Sends an SDK action; rejoins and retries once when the connection was lost meanwhile. */
  async action(name: string, params: Record<string, unknown>): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      if (!this.client) await this.join();
      try {
        return await Promise.race([
          (this.client as unknown as { action: (n: string, p: object) => Promise<unknown> }).action(
            name,
            params,
          ),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error(`${name} timed out`)), 10_000),
          ),
        ]);
      } catch (err) {
        if (attempt >= 1) throw err;
        await this.join();
      }
    }
  }

  /** Resolves at the next playedSong this client receives; rejects after `ms`. */
  nextSong(ms = 60_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${this.name}: no song for ${ms / 1000} s`)),
        ms,
      );
      this.played.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  private drop(): void {
    const c = this.client;
    this.client = null;
    c?.disconnect();
  }

  leave(): void {
    this.left = true;
    this.drop();
  }
}

/** A song as bots send it with addDj (`seconds` long). */
export const soakSong = (n: number, seconds: number): MinimalSongDto => ({
  trackName: `Soak Song ${n}`,
  artistName: 'Soak',
  duration: seconds,
  genre: null,
  isrc: null,
  musicProviders: { uploadService: `soak-${n}` },
  thumbnails: {},
  playbackToken: null,
});
