import {
  providerTokenEndpoints as e,
  type MusicConnectionsDto,
  type ProviderAccessTokenDto,
} from '@tt/protocol';
import { api } from '../../lib/api';
import type { PlayerUser, ProviderTokens } from '../../lib/player/engine';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { accountKeys } from '../account/queries';
import { fetchSearchSources } from '../search/queries';

/** A token this close to its end is fetched again before it is handed to a player. */
const MARGIN_MS = 60_000;
/** Retry a failed token fetch after this long (the provider may be down). */
const RETRY_MS = 30_000;

/**
 * What the playback engine needs to know about the listener (PLAYER-TOKENS-1..3 in
 * docs/ACCOUNT-RULES.md): whether they are signed in, which music services they connected
 * (the engine picks the first of apple, spotify, youtube they have), and the access tokens the
 * vendor players need — the listener's own Spotify token, the platform's public SoundCloud
 * token — kept fresh before they expire.
 */
export class PlayerAccounts {
  private tokens: ProviderTokens = {};
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** Bumped by every reload, so an answer of an earlier one starts nothing. */
  private generation = 0;

  constructor(
    private readonly onUser: (user: PlayerUser) => void,
    private readonly onTokens: (tokens: ProviderTokens) => void,
  ) {
    useSession.subscribe((s, prev) => {
      if (s.accessToken !== prev.accessToken || s.guestToken !== prev.guestToken) this.reload();
    });
    // The account page connects and disconnects services: its answers land in this query.
    queryClient.getQueryCache().subscribe((event) => {
      const key = event.query.queryKey;
      if (
        event.type === 'updated' &&
        key[0] === accountKeys.connections[0] &&
        key[1] === accountKeys.connections[1]
      ) {
        const data = event.query.state.data as MusicConnectionsDto | undefined;
        if (data) this.apply(data);
      }
    });
    this.reload();
  }

  current(): ProviderTokens {
    return this.tokens;
  }

  private reload() {
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
    this.setToken('spotify', null);
    const s = useSession.getState();
    if (s.accessToken === null) {
      this.onUser({ loggedIn: false });
    } else {
      queryClient
        .fetchQuery({
          queryKey: accountKeys.connections,
          queryFn: () => api.call(e.connections, {}),
          staleTime: 60_000,
        })
        .then((data) => this.apply(data))
        .catch((err: unknown) => {
          console.debug('[player] music connections unknown', err);
          this.onUser({ loggedIn: true, connectedProviders: [] });
        });
    }
    if (s.accessToken !== null || s.guestToken !== null) void this.soundCloudWhenOn();
  }

  /** PLAYER-TOKENS-4: the public SoundCloud token only where the platform plays SoundCloud. */
  private async soundCloudWhenOn() {
    const generation = ++this.generation;
    const on = await fetchSearchSources().then(
      (r) => r.sources.includes('soundcloud'),
      () => false,
    );
    if (on && generation === this.generation) this.keepFresh('soundcloud');
  }

  private apply(data: MusicConnectionsDto) {
    if (useSession.getState().accessToken === null) return;
    const connected = data.connections.filter((c) => c.connected).map((c) => c.provider);
    this.onUser({ loggedIn: true, connectedProviders: connected });
    if (connected.includes('spotify')) {
      if (!this.timers.has('spotify') && !this.tokens.spotify) this.keepFresh('spotify');
    } else {
      clearTimeout(this.timers.get('spotify'));
      this.timers.delete('spotify');
      this.setToken('spotify', null);
    }
  }

  private setToken(name: keyof ProviderTokens, token: string | null) {
    if ((this.tokens[name] ?? null) === token) return;
    this.tokens = { ...this.tokens, [name]: token };
    this.onTokens(this.tokens);
  }

  /** Fetches the token now and again shortly before it expires. */
  private keepFresh(name: keyof ProviderTokens) {
    const fetchToken = (): Promise<ProviderAccessTokenDto> =>
      name === 'spotify'
        ? api.call(e.spotifyRefresh, {})
        : api.call(e.soundcloudPublicToken, { query: {} });
    const run = () => {
      this.timers.delete(name);
      fetchToken()
        .then((t) => {
          this.setToken(name, t.accessToken);
          if (t.expiresIn !== null) {
            const wait = Math.max(RETRY_MS, t.expiresIn * 1000 - MARGIN_MS);
            this.timers.set(name, setTimeout(run, wait));
          }
        })
        .catch((err: unknown) => {
          // Not configured (SoundCloud off) or not connected: that player simply has no token.
          const status = (err as { status?: number }).status ?? 0;
          if (status >= 500 || status === 0) this.timers.set(name, setTimeout(run, RETRY_MS));
          else console.debug(`[player] no ${name} token`, err);
        });
    };
    run();
  }
}
