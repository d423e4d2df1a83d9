import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { SocketClient } from 'ttfm-socket';
import { createApiClient, type ApiClient } from '@tt/api-client';
import {
  authEndpoints,
  botEndpoints,
  profileEndpoints,
  roomEndpoints,
  songEndpoints,
  toMinimalSong,
  type ClientRoomState,
  type MinimalSongDto,
} from '@tt/protocol';
import { dataDirSecret } from '../platform/secrets';

/** The resident DJ of each demo room (DEMO-RESIDENT-1). */
export const RESIDENTS = [
  {
    slug: 'late-night-grooves',
    nickname: 'Resident Luna',
    email: 'resident-luna@turntable.local',
    avatarId: 'synth-fox',
  },
  {
    slug: 'indie-garage',
    nickname: 'Resident Milo',
    email: 'resident-milo@turntable.local',
    avatarId: 'mohawk-mo',
  },
  {
    slug: 'sunset-yacht',
    nickname: 'Resident Coral',
    email: 'resident-coral@turntable.local',
    avatarId: 'long-loop',
  },
] as const;

export interface ResidentOptions {
  /** Where the server answers (http://127.0.0.1:PORT). */
  url: string;
  dataDir: string;
  log: Logger;
  /** The account that owns the resident bots (the demo DJ). */
  owner: { email: string; password: string };
  residents?: readonly { slug: string; nickname: string; email: string; avatarId?: string }[];
  /** How often each resident looks at its room (default 5 s). */
  everyMs?: number;
}

/** Humans on stage from which the resident steps down (DEMO-RESIDENT-2). */
const HUMANS_TO_STEP_DOWN = 2;

type Act = (name: string, params?: Record<string, unknown>) => Promise<unknown>;

/**
 * Resident DJs (DEMO-RESIDENT-1..3): ordinary bot accounts, owned by the demo DJ, that join the
 * demo rooms over the room socket (the `ttfm-socket` SDK, as any bot) and keep them playing the
 * demo catalogue. Each one looks at its room every few seconds: with nobody on stage it takes a
 * seat; with two humans on stage it steps down; while seated it always has a next song.
 */
export class ResidentDjs {
  private timers: NodeJS.Timeout[] = [];
  private sockets = new Map<string, SocketClient>();
  private stopped = false;
  private songs: MinimalSongDto[] = [];

  constructor(private readonly opts: ResidentOptions) {}

  private api(token: string | null = null): ApiClient {
    return createApiClient({ baseUrl: this.opts.url, getToken: () => token });
  }

  /** The resident's token: its account is made (as the owner's bot) the first time. */
  private async tokenOf(r: { nickname: string; email: string }, password: string): Promise<string> {
    const login = () =>
      this.api().call(authEndpoints.login, { body: { email: r.email, password } });
    try {
      return (await login()).accessToken;
    } catch {
      const owner = await this.api().call(authEndpoints.login, { body: this.opts.owner });
      const made = await this.api(owner.accessToken).call(botEndpoints.signUp, {
        body: { email: r.email, password, nickname: r.nickname },
      });
      return made.accessToken;
    }
  }

  private async loadSongs(): Promise<void> {
    const page = await this.api().call(songEndpoints.list, { query: { limit: 50 } });
    this.songs = page.songs.map(toMinimalSong);
  }

  private pick(): MinimalSongDto | null {
    if (this.songs.length === 0) return null;
    return this.songs[Math.floor(Math.random() * this.songs.length)]!;
  }

  start(): this {
    void this.run().catch((err: unknown) => this.opts.log.warn({ err }, 'resident DJs stopped'));
    return this;
  }

  private async run(): Promise<void> {
    const password = await dataDirSecret(this.opts.dataDir, 'resident-djs.key', () =>
      randomBytes(24).toString('base64url'),
    );
    const everyMs = this.opts.everyMs ?? 5000;
    for (const r of this.opts.residents ?? RESIDENTS) {
      if (this.stopped) return;
      try {
        const token = await this.tokenOf(r, password);
        const room = await this.api(token).call(roomEndpoints.get, { params: { id: r.slug } });
        const profile = await this.api(token).call(profileEndpoints.ownProfile, {});
        const me = profile.uuid;
        if (r.avatarId && profile.avatarId === 'default') {
          // Each resident wears its own character (AVATAR-ART-1); a later choice is kept.
          await this.api(token)
            .call(profileEndpoints.updateProfile, { body: { avatarId: r.avatarId } })
            .catch(() => undefined);
        }
        const tick = () =>
          void this.look(r.slug, room.uuid, token, me).catch((err: unknown) =>
            this.opts.log.debug({ err, room: r.slug }, 'resident DJ look failed'),
          );
        tick();
        const timer = setInterval(tick, everyMs);
        timer.unref();
        this.timers.push(timer);
      } catch (err) {
        this.opts.log.warn({ err, room: r.slug }, 'resident DJ could not start');
      }
    }
  }

  private async socket(roomUuid: string, token: string): Promise<Act> {
    let client = this.sockets.get(roomUuid);
    if (!client) {
      client = new SocketClient(this.opts.url);
      client.on('disconnected', () => this.sockets.delete(roomUuid));
      await client.joinRoom(token, { roomUuid });
      this.sockets.set(roomUuid, client);
    }
    const c = client as unknown as { action: Act };
    return (name, params = {}) => c.action(name, params);
  }

  /** One look at the room: take a seat, step down, or queue the next song. */
  private async look(slug: string, roomUuid: string, token: string, meUuid: string): Promise<void> {
    if (this.stopped) return;
    if (this.songs.length === 0) await this.loadSongs();
    const act = await this.socket(roomUuid, token);
    const state = (await this.api(token).call(roomEndpoints.roomState, {
      params: { id: roomUuid },
    })) as ClientRoomState;
    const seated = state.djs.some((d) => d.uuid === meUuid);
    const humans = state.djs.filter((d) => d.uuid !== meUuid).length;
    if (seated && humans >= HUMANS_TO_STEP_DOWN) {
      await act('removeDj');
      this.opts.log.info({ room: slug }, 'resident DJ stepped down for the humans');
      return;
    }
    if (!seated && humans === 0) {
      const song = this.pick();
      if (song) await act('addDj', { song });
      return;
    }
    const mine = state.djs.find((d) => d.uuid === meUuid);
    if (mine && !mine.nextSong) {
      const song = this.pick();
      if (song) await act('updateNextSong', { song });
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    for (const c of this.sockets.values()) c.disconnect();
    this.sockets.clear();
  }
}
