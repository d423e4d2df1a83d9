import type Hls from 'hls.js';
import { create } from 'zustand';
import { hlsKeyAuth, nativeHlsSource } from '../../lib/player/hls-auth';
import { currentToken } from '../../lib/session';
import type { Preview } from './song';

/**
 * Song previews of the search panel: one at a time, on one <audio> element. Starting a preview
 * stops the one playing. A provider clip plays whole; an upload plays the start of its encrypted
 * HLS rendition (hls.js, loaded on first use; the key call carries the bearer token).
 */
interface PreviewState {
  /** Key of the result whose preview plays (or is loading). */
  playing: string | null;
  /** Key of the last result whose preview could not play. */
  failed: string | null;
}

export const usePreview = create<PreviewState>()(() => ({ playing: null, failed: null }));

let audio: HTMLAudioElement | null = null;
let hls: Hls | null = null;
/** Bumped on every start and stop: a late answer of an older start is ignored. */
let generation = 0;

function element(): HTMLAudioElement {
  if (!audio) {
    audio = new Audio();
    audio.preload = 'none';
    audio.addEventListener('ended', () => stopPreview());
  }
  return audio;
}

/** Stops the preview that plays, if any. */
export function stopPreview(): void {
  generation++;
  hls?.destroy();
  hls = null;
  if (audio) {
    audio.pause();
    audio.ontimeupdate = null;
    audio.removeAttribute('src');
    audio.load();
  }
  if (usePreview.getState().playing !== null) usePreview.setState({ playing: null });
}

function failed(key: string, run: number): void {
  if (run !== generation) return;
  stopPreview();
  usePreview.setState({ failed: key });
}

async function attachHls(el: HTMLAudioElement, url: string, key: string, run: number) {
  const { default: HlsJs } = await import('hls.js');
  if (run !== generation) return false;
  if (!HlsJs.isSupported()) {
    if (!el.canPlayType('application/vnd.apple.mpegurl')) return false;
    // Native HLS cannot send the token with the key request: the key goes into the playlist.
    const source = await nativeHlsSource(url, {
      token: currentToken,
      origin: location.origin,
      fetch: (u, init) => fetch(u, init),
    });
    if (run !== generation) return false;
    el.src = source;
    return true;
  }
  const auth = hlsKeyAuth(currentToken, location.origin);
  // The first 30 seconds are all a preview needs.
  const h = new HlsJs({
    maxBufferLength: 30,
    xhrSetup: auth.xhrSetup,
    fetchSetup: auth.fetchSetup,
  });
  h.on(HlsJs.Events.ERROR, (_event, data) => {
    if (data.fatal) failed(key, run);
  });
  h.loadSource(url);
  h.attachMedia(el);
  hls = h;
  return true;
}

/** Plays the preview of the result `key` (stopping any other), or stops it when it plays. */
export async function togglePreview(key: string, preview: Preview): Promise<void> {
  if (usePreview.getState().playing === key) {
    stopPreview();
    return;
  }
  stopPreview();
  const run = generation;
  usePreview.setState({ playing: key, failed: null });
  const el = element();
  try {
    if (preview.kind === 'hls') {
      if (!(await attachHls(el, preview.url, key, run))) return failed(key, run);
      const limit = preview.seconds;
      el.ontimeupdate = () => {
        if (el.currentTime >= limit) stopPreview();
      };
    } else {
      el.src = preview.url;
    }
    if (run !== generation) return;
    await el.play();
  } catch (err) {
    // A newer start or a stop interrupts play(): that is no failure.
    if (run === generation) {
      console.warn('Preview failed to play', err);
      failed(key, run);
    }
  }
}
