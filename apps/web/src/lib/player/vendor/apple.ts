import type { PlaybackProvider } from '../engine';
import { configurationValueMissing } from './config';
import type { VendorDeps } from './deps';

/** The part of MusicKit JS (v3) used here. */
export interface MusicKitInstance {
  isAuthorized: boolean;
  volume: number;
  authorize(): Promise<unknown>;
  setQueue(options: { song: string }): Promise<unknown>;
  play(): Promise<unknown>;
  seekToTime(seconds: number): Promise<unknown>;
  stop(): void | Promise<void>;
}
export interface MusicKitNamespace {
  configure(options: {
    developerToken: string;
    app: { name: string; build: string };
  }): Promise<MusicKitInstance> | MusicKitInstance;
}

/** The key a developer sets for MusicKit's developer token. */
export const APPLE_TOKEN_KEY = 'VITE_APPLE_DEVELOPER_TOKEN';

/**
 * Apple Music songs through MusicKit JS (loaded on first use). Without a developer token nothing
 * is loaded and play fails with "configuration-value-missing key:…".
 */
export async function createAppleProvider(deps: VendorDeps): Promise<PlaybackProvider> {
  const developerToken = deps.config.appleDeveloperToken;
  if (!developerToken) throw configurationValueMissing(APPLE_TOKEN_KEY);
  let MusicKit = deps.global.MusicKit as MusicKitNamespace | undefined;
  if (!MusicKit) {
    const loaded = new Promise<void>((resolve) =>
      deps.document.addEventListener?.('musickitloaded', () => resolve(), { once: true }),
    );
    await deps.scripts.load(deps.config.scripts.apple);
    if (!deps.global.MusicKit) await loaded;
    MusicKit = deps.global.MusicKit as MusicKitNamespace | undefined;
    if (!MusicKit) throw new Error(`MusicKit did not load from ${deps.config.scripts.apple}`);
  }
  const music = await MusicKit.configure({
    developerToken,
    app: { name: deps.config.appName, build: '1' },
  });
  let volume = 1;
  return {
    name: 'apple',
    async play(request) {
      if (!music.isAuthorized) await music.authorize();
      await music.setQueue({ song: request.id });
      music.volume = volume;
      await music.play();
      if (request.offsetSeconds > 0) await music.seekToTime(request.offsetSeconds);
    },
    stop() {
      return music.stop();
    },
    setVolume(value) {
      volume = value;
      music.volume = value;
    },
  };
}
