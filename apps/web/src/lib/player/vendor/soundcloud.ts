import type { PlaybackProvider } from '../engine';
import { vendorBox, type VendorDeps } from './deps';
import type { VendorElement } from './scripts';

/** The part of the SoundCloud Widget API used here. */
export interface SoundCloudWidget {
  bind(event: string, listener: () => void): void;
  load(url: string, options: { auto_play: boolean; callback?: () => void }): void;
  play(): void;
  pause(): void;
  seekTo(milliseconds: number): void;
  setVolume(volume: number): void;
}
export interface SoundCloudNamespace {
  Widget: ((iframe: VendorElement) => SoundCloudWidget) & { Events: { READY: string } };
}

/** SoundCloud songs through the widget (an iframe driven by the Widget API, loaded on first use). */
export async function createSoundCloudProvider(deps: VendorDeps): Promise<PlaybackProvider> {
  const existing = deps.global.SC as SoundCloudNamespace | undefined;
  if (!existing?.Widget) await deps.scripts.load(deps.config.scripts.soundCloudPublic);
  const SC = deps.global.SC as SoundCloudNamespace | undefined;
  if (!SC?.Widget) throw new Error(`SC did not load from ${deps.config.scripts.soundCloudPublic}`);
  const box = vendorBox(deps, 'vendor-soundcloud');
  let widget: SoundCloudWidget | null = null;
  let volume = 1;
  const trackUrl = (id: string) =>
    `${deps.config.soundcloudApiUrl}/tracks/${encodeURIComponent(id)}`;
  return {
    name: 'soundCloudPublic',
    async play(request) {
      const url = trackUrl(request.id);
      if (!widget) {
        const iframe = deps.document.createElement('iframe');
        iframe.allow = 'autoplay';
        iframe.title = 'SoundCloud';
        iframe.src = `${deps.config.soundcloudWidgetUrl}?url=${encodeURIComponent(url)}&auto_play=false`;
        box.appendChild?.(iframe);
        const w = SC.Widget(iframe);
        await new Promise<void>((resolve) => w.bind(SC.Widget.Events.READY, resolve));
        widget = w;
      } else {
        const w = widget;
        await new Promise<void>((resolve) => w.load(url, { auto_play: false, callback: resolve }));
      }
      widget.setVolume(Math.round(volume * 100));
      widget.seekTo(Math.round(request.offsetSeconds * 1000));
      widget.play();
    },
    stop() {
      widget?.pause();
    },
    setVolume(value) {
      volume = value;
      widget?.setVolume(Math.round(value * 100));
    },
  };
}
