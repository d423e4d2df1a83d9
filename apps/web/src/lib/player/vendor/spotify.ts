import type { PlaybackProvider } from '../engine';
import { loadWithReadyCallback, type VendorDeps } from './deps';

/** The part of the Spotify Web Playback SDK used here. */
export interface SpotifyPlayer {
  connect(): Promise<boolean>;
  addListener(
    event: string,
    listener: (data: { device_id?: string; message?: string }) => void,
  ): void;
  pause(): Promise<void>;
  setVolume(volume: number): Promise<void>;
}
export interface SpotifyNamespace {
  Player: new (options: {
    name: string;
    getOAuthToken: (callback: (token: string) => void) => void;
    volume: number;
  }) => SpotifyPlayer;
}

/**
 * Spotify songs through the Web Playback SDK (loaded on first use): the SDK makes this page a
 * Spotify device, and the Web API is told to play the track on it from the room's offset.
 */
export async function createSpotifyProvider(deps: VendorDeps): Promise<PlaybackProvider> {
  const Spotify = await loadWithReadyCallback<SpotifyNamespace>(
    deps,
    deps.config.scripts.spotify,
    'Spotify',
    'onSpotifyWebPlaybackSDKReady',
    (ns) => typeof ns?.Player === 'function',
  );
  let token = '';
  let volume = 1;
  const player = new Spotify.Player({
    name: deps.config.appName,
    getOAuthToken: (callback) => callback(token),
    volume,
  });
  const device = new Promise<string>((resolve, reject) => {
    player.addListener('ready', ({ device_id }) => device_id && resolve(device_id));
    for (const failure of ['initialization_error', 'authentication_error', 'account_error']) {
      player.addListener(failure, ({ message }) => reject(new Error(message ?? failure)));
    }
  });
  let connected: Promise<boolean> | null = null;
  const doFetch = deps.fetch ?? ((url, init) => fetch(url, init));
  return {
    name: 'spotify',
    async play(request) {
      token = request.token ?? '';
      connected ??= player.connect();
      await connected;
      const deviceId = await device;
      const res = await doFetch(
        `${deps.config.spotifyApiUrl}/v1/me/player/play?device_id=${encodeURIComponent(deviceId)}`,
        {
          method: 'PUT',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            uris: [`spotify:track:${request.id}`],
            position_ms: Math.round(request.offsetSeconds * 1000),
          }),
        },
      );
      if (!res.ok) throw new Error(`Spotify answered ${res.status}`);
      await player.setVolume(volume);
    },
    stop() {
      return player.pause();
    },
    setVolume(value) {
      volume = value;
      void player.setVolume(value);
    },
  };
}
