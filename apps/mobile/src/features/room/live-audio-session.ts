import { useSyncExternalStore } from 'react';
import {
  LIVE_AUDIO_DUCK_FACTOR,
  LIVE_AUDIO_PATH,
  liveAudioListenPath,
  type ErrorCode,
  type LiveAudioClientMessage,
  type LiveAudioServerMessage,
  type LiveAudioState,
} from '@tt/protocol';
import { API_URL } from '../../lib/config';

/**
 * A room's live audio on the phone (LIVE-AUDIO-1, LIVE-AUDIO-12): who talks, hands and who was
 * let in come over the live-audio websocket (React Native has WebSocket); the voice itself comes
 * as the server's MP3 listen stream, played by a second expo-video player (LiveAudioStrip).
 */

// React Native's URL cannot set a protocol or query parameters: the URLs are put together here.
const base = (origin: string) => origin.replace(/\/+$/, '');

/** The live-audio socket's URL, with the session token (`?token=`, as the socket takes it). */
export function liveAudioSocketUrl(token: string, origin = API_URL): string {
  const ws = base(origin).replace(/^http/, 'ws');
  return `${ws}${LIVE_AUDIO_PATH}?token=${encodeURIComponent(token)}`;
}

/** LIVE-AUDIO-12: the room's MP3 listen stream, with the token (a native player sends no header). */
export function liveAudioListenUrl(roomUuid: string, token: string, origin = API_URL): string {
  return `${base(origin)}${liveAudioListenPath(roomUuid)}?token=${encodeURIComponent(token)}`;
}

export interface LiveAudioView extends LiveAudioState {
  status: 'off' | 'connecting' | 'ready' | 'closed';
  /** My hand is up (as the server last said). */
  hand: boolean;
  /** What I hear of live audio is muted (my own choice, LIVE-AUDIO-8). */
  muted: boolean;
  error: ErrorCode | null;
}

const idle: LiveAudioView = {
  status: 'off',
  speakers: [],
  hands: [],
  invited: [],
  hand: false,
  muted: false,
  error: null,
};

let view: LiveAudioView = idle;
const listeners = new Set<() => void>();

function set(partial: Partial<LiveAudioView>): void {
  view = { ...view, ...partial };
  for (const l of listeners) l();
}

export const liveAudioStore = {
  get: () => view,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Back to nothing (tests, leaving a room). */
  reset: () => set(idle),
};

/** A slice of the live-audio view, for components. */
export function useLiveAudio<T>(selector: (v: LiveAudioView) => T): T {
  return useSyncExternalStore(
    liveAudioStore.subscribe,
    () => selector(view),
    () => selector(view),
  );
}

/** LIVE-AUDIO-8: the song player's volume now: ducked while someone talks, unless I muted voice. */
export function songVolume(v: Pick<LiveAudioView, 'speakers' | 'muted'> = view): number {
  return v.speakers.length > 0 && !v.muted ? LIVE_AUDIO_DUCK_FACTOR : 1;
}

export function useSongVolume(): number {
  return useLiveAudio((v) => songVolume(v));
}

/** One room's live-audio socket: joins, follows the state, raises a hand; reconnects while open. */
export class LiveAudioConnection {
  private ws: WebSocket | null = null;
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private me: string | null = null;

  constructor(
    private readonly roomUuid: string,
    private readonly token: string,
    private readonly origin = API_URL,
  ) {}

  start(): void {
    set({ ...idle, muted: view.muted, status: 'connecting' });
    this.connect();
  }

  private connect(): void {
    const ws = new WebSocket(liveAudioSocketUrl(this.token, this.origin));
    this.ws = ws;
    // LIVE-AUDIO-12: the state only; the voices come as the MP3 listen stream.
    ws.onopen = () => this.send({ type: 'join', roomUuid: this.roomUuid, audio: false });
    ws.onmessage = (e: { data: unknown }) =>
      this.onMessage(JSON.parse(String(e.data)) as LiveAudioServerMessage);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      set({ status: 'closed', speakers: [], hands: [], invited: [], hand: false });
      if (!this.closed) this.retry = setTimeout(() => this.connect(), 2000);
    };
  }

  private onMessage(m: LiveAudioServerMessage): void {
    switch (m.type) {
      case 'ready':
        this.me = m.userUuid;
        set({ status: 'ready', error: null });
        return;
      case 'state':
        set({
          speakers: m.speakers,
          hands: m.hands,
          invited: m.invited,
          hand: this.me !== null && m.hands.includes(this.me),
        });
        return;
      case 'error':
        set({ error: m.code });
        return;
      default:
        return;
    }
  }

  /** LIVE-AUDIO-3: raise or lower my hand. */
  hand(raised: boolean): void {
    set({ hand: raised });
    this.send({ type: 'hand', raised });
  }

  private send(m: LiveAudioClientMessage): void {
    if (this.ws?.readyState === 1) this.ws.send(JSON.stringify(m));
  }

  stop(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    set({ ...idle, muted: view.muted });
  }
}

/** LIVE-AUDIO-8: mute or unmute what I hear of live audio (nothing is sent). */
export function setLiveAudioMuted(muted: boolean): void {
  set({ muted });
}
