import type { PlaybackProvider } from '../engine';
import { createAppleProvider } from './apple';
import type { VendorProvider } from './config';
import type { VendorDeps } from './deps';
import { lazyProvider, type LazyProvider } from './lazy';
import { createSoundCloudProvider } from './soundcloud';
import { createSpotifyProvider } from './spotify';
import { createYouTubeProvider } from './youtube';

export * from './config';
export { ScriptLoader, type VendorDocument } from './scripts';
export type { VendorDeps } from './deps';
export type { LazyProvider } from './lazy';

const FACTORIES: Record<VendorProvider, (deps: VendorDeps) => Promise<PlaybackProvider>> = {
  spotify: createSpotifyProvider,
  apple: createAppleProvider,
  youtube: createYouTubeProvider,
  soundCloudPublic: createSoundCloudProvider,
};

/**
 * One provider per configured vendor, for the engine to register. Nothing is loaded here: a
 * vendor's script is injected the first time the engine chooses that provider to play a song.
 */
export function createVendorProviders(
  providers: readonly VendorProvider[],
  deps: VendorDeps,
): LazyProvider[] {
  return providers.map((name) => lazyProvider(name, () => FACTORIES[name](deps)));
}
