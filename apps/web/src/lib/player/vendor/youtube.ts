import type { PlaybackProvider } from '../engine';
import { loadWithReadyCallback, vendorBox, type VendorDeps } from './deps';
import type { VendorElement } from './scripts';

/** The part of the YouTube IFrame Player API used here. */
export interface YouTubePlayer {
  loadVideoById(options: { videoId: string; startSeconds: number }): void;
  playVideo(): void;
  stopVideo(): void;
  setVolume(volume: number): void;
}
export interface YouTubeNamespace {
  Player: new (
    element: VendorElement,
    options: {
      width: string;
      height: string;
      host: string;
      playerVars: Record<string, number>;
      events: { onReady: (event: { target: YouTubePlayer }) => void };
    },
  ) => YouTubePlayer;
}

/** YouTube songs through the IFrame Player API (loaded on first use). */
export async function createYouTubeProvider(deps: VendorDeps): Promise<PlaybackProvider> {
  const YT = await loadWithReadyCallback<YouTubeNamespace>(
    deps,
    deps.config.scripts.youtube,
    'YT',
    'onYouTubeIframeAPIReady',
    (ns) => typeof ns?.Player === 'function',
  );
  const box = vendorBox(deps, 'vendor-youtube');
  const slot = deps.document.createElement('div');
  box.appendChild?.(slot);
  let player: YouTubePlayer | null = null;
  let ready: Promise<YouTubePlayer> | null = null;
  let volume = 1;
  const getPlayer = () =>
    (ready ??= new Promise<YouTubePlayer>((resolve) => {
      new YT.Player(slot, {
        width: '200',
        height: '200',
        host: deps.config.youtubeHost,
        playerVars: { autoplay: 0, controls: 0, disablekb: 1, playsinline: 1 },
        events: {
          onReady: (event) => {
            player = event.target;
            resolve(event.target);
          },
        },
      });
    }));
  return {
    name: 'youtube',
    async play(request) {
      const p = await getPlayer();
      p.setVolume(Math.round(volume * 100));
      p.loadVideoById({ videoId: request.id, startSeconds: request.offsetSeconds });
      p.playVideo();
    },
    stop() {
      player?.stopVideo();
    },
    setVolume(value) {
      volume = value;
      player?.setVolume(Math.round(value * 100));
    },
  };
}
