import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { SocketClient } from 'ttfm-socket';
import { createApiClient, type ApiClient } from '@tt/api-client';
import {
  authEndpoints,
  botEndpoints,
  profileEndpoints,
  roomEndpoints,
  MAX_SONG_PAGE,
  songEndpoints,
  toMinimalSong,
  type ClientRoomState,
  type MinimalSongDto,
  type SongListRes,
} from '@tt/protocol';
import { dataDirSecret } from '../platform/secrets';
import { roomSongs, Rotation } from './rotation';

/** The resident DJ of each demo room (DEMO-RESIDENT-1). */
export const RESIDENTS = [
  {
    slug: 'late-night-grooves',
    nickname: 'Resident Luna',
    email: 'resident-luna@turntable.local',
    avatarId: 'synth-fox',
    // DEMO-RESIDENT-4: deep house and nu-disco until the sun comes up.
    genres: ['House', 'Techno', 'Disco', 'Drum & Bass'],
  },
  {
    slug: 'indie-garage',
    nickname: 'Resident Milo',
    email: 'resident-milo@turntable.local',
    avatarId: 'mohawk-mo',
    // DEMO-RESIDENT-4: bedroom pop and B-sides.
    genres: ['Lo-fi', 'Synthwave', 'Chillwave', 'Hip-Hop', 'Ambient'],
  },
  {
    slug: 'sunset-yacht',
    nickname: 'Resident Coral',
    email: 'resident-coral@turntable.local',
    avatarId: 'long-loop',
    // DEMO-RESIDENT-4: soft soul and smooth jazz on the water.
    genres: ['Jazz', 'Funk', 'Downtempo', 'Reggae', 'Afrobeat'],
  },
] as const;

export interface ResidentOptions {
  /** Where the server answers (http://127.0.0.1:PORT). */
  url: string;
  dataDir: string;
  log: Logger;
  /** The account that owns the resident bots (the demo DJ). */
  owner: { email: string; password: string };
  residents?: readonly Resident[];
  /** How often each resident looks at its room (default 5 s). */
  everyMs?: number;
  /** How long a fetched catalogue is used before it is fetched again (default 30 s). */
  catalogueMs?: number;
}

export interface Resident {
  slug: string;
  nickname: string;
  email: string;
  avatarId?: string;
  /** The genres the room plays (DEMO-RESIDENT-4); none: the whole catalogue. */
  genres?: readonly string[];
}

/** Most catalogue songs a resident reads (the demo catalogue has 42). */
const MAX_CATALOGUE = 500;

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
  /** The verified catalogue and when it was fetched (DEMO-RESIDENT-5: fetched again as it grows). */
  private catalogue: { songs: MinimalSongDto[]; at: number } | null = null;
  private loading: Promise<MinimalSongDto[]> | null = null;
  private rotations = new Map<string, Rotation>();

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

  /**
   * The verified catalogue, every page of it. Fetched again once `catalogueMs` has passed, so the
   * songs that get ready while the catalogue renders join the rotations (DEMO-RESIDENT-5).
   */
  private async songs(): Promise<MinimalSongDto[]> {
    const maxAge = this.opts.catalogueMs ?? 30_000;
    if (this.catalogue && Date.now() - this.catalogue.at < maxAge) return this.catalogue.songs;
    this.loading ??= (async () => {
      const songs: MinimalSongDto[] = [];
      let offset: number | null = 0;
      while (offset !== null && songs.length < MAX_CATALOGUE) {
        const page: SongListRes = await this.api().call(songEndpoints.list, {
          query: { limit: MAX_SONG_PAGE, offset },
        });
        songs.push(...page.songs.map(toMinimalSong));
        offset = page.next;
      }
      this.catalogue = { songs, at: Date.now() };
      return songs;
    })().finally(() => (this.loading = null));
    return this.loading;
  }

  /** The next song of the room's rotation (DEMO-RESIDENT-4, DEMO-RESIDENT-5). */
  private async pick(r: Resident): Promise<MinimalSongDto | null> {
    let rotation = this.rotations.get(r.slug);
    if (!rotation) this.rotations.set(r.slug, (rotation = new Rotation()));
    return rotation.next(roomSongs(await this.songs(), r.genres ?? []));
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
        // DEMO-RESIDENT-6: one look at a time; two at once would both pick a next song, and the
        // rotation's second pick could be the song that is playing (a look slower than `everyMs`).
        let looking = false;
        const tick = () => {
          if (looking) return;
          looking = true;
          void this.look(r, room.uuid, token, me)
            .catch((err: unknown) =>
              this.opts.log.debug({ err, room: r.slug }, 'resident DJ look failed'),
            )
            .finally(() => (looking = false));
        };
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
  private async look(r: Resident, roomUuid: string, token: string, meUuid: string): Promise<void> {
    if (this.stopped) return;
    const slug = r.slug;
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
      const song = await this.pick(r);
      if (song) await act('addDj', { song });
      return;
    }
    const mine = state.djs.find((d) => d.uuid === meUuid);
    if (mine && !mine.nextSong) {
      const song = await this.pick(r);
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
