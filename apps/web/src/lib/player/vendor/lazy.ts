import type { SongProvider } from '@tt/protocol';
import type { PlaybackProvider, PlayRequest } from '../engine';

export interface LazyProvider extends PlaybackProvider {
  /** True once the vendor player was created (its script loaded). */
  loaded(): boolean;
}

/**
 * A provider whose vendor player (and script) is only loaded the first time the engine picks it
 * to play: registering it costs nothing. A stop while it loads cancels that play.
 */
export function lazyProvider(
  name: SongProvider,
  create: () => Promise<PlaybackProvider>,
): LazyProvider {
  let inner: PlaybackProvider | null = null;
  let pending: Promise<PlaybackProvider> | null = null;
  let generation = 0;
  let volume = 1;
  const ensure = () => {
    pending ??= create().then(
      (provider) => (inner = provider),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return {
    name,
    loaded: () => inner !== null,
    async play(request: PlayRequest) {
      const mine = ++generation;
      const provider = await ensure();
      if (mine !== generation) return;
      provider.setVolume(volume);
      if (typeof provider.play !== 'function') throw new Error(`Missing play handler for ${name}`);
      await provider.play(request);
    },
    stop() {
      generation++;
      return inner?.stop();
    },
    setVolume(value: number) {
      volume = value;
      inner?.setVolume(value);
    },
  };
}
