import { vi } from 'vitest';
import type { HlsClass } from './hls-types';

/** Test doubles for the HLS player: an <audio> element and hls.js (no browser). */
/** A stand-in for an <audio> element: plays when told, reports events. */
export class FakeMedia {
  currentTime = 0;
  paused = true;
  seeking = false;
  readyState = 0;
  playbackRate = 1;
  volume = 1;
  src = '';
  native = false;
  ranges: [number, number][] = [];
  refuse: { name: string } | null = null;
  private readonly listeners = new Map<string, Set<() => void>>();
  get buffered() {
    return {
      length: this.ranges.length,
      start: (i: number) => this.ranges[i][0],
      end: (i: number) => this.ranges[i][1],
    };
  }
  play = vi.fn(() => {
    if (this.refuse) return Promise.reject(this.refuse);
    this.paused = false;
    this.readyState = 4;
    this.emit('playing');
    return Promise.resolve();
  });
  pause = vi.fn(() => void (this.paused = true));
  load = vi.fn();
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  canPlayType(type: string) {
    return this.native && type === 'application/vnd.apple.mpegurl' ? 'maybe' : '';
  }
  addEventListener(type: string, l: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(l);
  }
  removeEventListener(type: string, l: () => void) {
    this.listeners.get(type)?.delete(l);
  }
  emit(type: string) {
    for (const l of [...(this.listeners.get(type) ?? [])]) l();
  }
}

export function fakeHls(supported = true) {
  const instances: {
    config: Record<string, any>;
    source?: string;
    media?: unknown;
    destroyed: boolean;
    emit: (event: string, data?: unknown) => void;
  }[] = [];
  class FakeHls {
    static isSupported = () => supported;
    static Events = { MANIFEST_PARSED: 'manifestParsed', ERROR: 'error' };
    private readonly handlers = new Map<string, ((e: string, d: unknown) => void)[]>();
    destroyed = false;
    source?: string;
    media?: unknown;
    constructor(public config: Record<string, unknown>) {
      instances.push(this);
    }
    loadSource(url: string) {
      this.source = url;
    }
    attachMedia(media: unknown) {
      this.media = media;
    }
    on(event: string, l: (e: string, d: unknown) => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), l]);
    }
    emit(event: string, data?: unknown) {
      for (const l of this.handlers.get(event) ?? []) l(event, data);
    }
    destroy() {
      this.destroyed = true;
    }
  }
  return { Hls: FakeHls as unknown as HlsClass, instances };
}
