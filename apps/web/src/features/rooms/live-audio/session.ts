import { create } from 'zustand';
import {
  ERRORS,
  LIVE_AUDIO_PATH,
  type ErrorCode,
  type LiveAudioClientMessage,
  type LiveAudioServerMessage,
  type LiveAudioState,
} from '@tt/protocol';
import { errorCodeOf } from '../../../lib/errors';
import { duckPlayer } from '../../player/runtime';
import { AgoraMedia, MicDeniedError, type AgoraTokenFetch } from './agora';
import { Microphone, Speakers, liveAudioSupported } from './codec';

/** LIVE-AUDIO-8: the music's volume while someone talks. */
export const DUCK_FACTOR = 0.3;

export interface LiveAudioView extends LiveAudioState {
  status: 'off' | 'connecting' | 'ready' | 'closed';
  /** On the mic (the server agreed). */
  speaking: boolean;
  /** Asked for the mic, waiting for the server / microphone. */
  starting: boolean;
  /** What this person hears of live audio is muted (their own choice). */
  muted: boolean;
  /** The page must be clicked before it may play sound. */
  blocked: boolean;
  /** The received level (0..1), refreshed a few times a second. */
  level: number;
  error: ErrorCode | 'MIC_DENIED' | 'AGORA_FAILED' | null;
  /** LIVE-AUDIO-15: the audio goes through Agora (the control stays on the built-in socket). */
  agora: boolean;
  /** LIVE-AUDIO-17: Agora could not be joined; this visit uses the built-in path instead. */
  fallback: boolean;
}

const idle: LiveAudioView = {
  status: 'off',
  speakers: [],
  hands: [],
  invited: [],
  speaking: false,
  starting: false,
  muted: false,
  blocked: false,
  level: 0,
  error: null,
  agora: false,
  fallback: false,
};

/** LIVE-AUDIO-15: the server's Agora App ID and how to ask its token route. */
export interface AgoraOptions {
  appId: string;
  fetchToken: AgoraTokenFetch;
  /** LIVE-AUDIO-17: how long joining Agora may take before this visit falls back, ms. */
  joinTimeoutMs?: number;
  /** LIVE-AUDIO-17: this person's uuid, tagged into their Agora uid. */
  userUuid?: string | null;
}

/** LIVE-AUDIO-17: "Opening…" never hangs on an Agora network that cannot be reached. */
export const AGORA_JOIN_TIMEOUT_MS = 8000;

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Agora join timed out after ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });

/** A refusal of the token route as its catalogue code; anything else is an Agora failure. */
const agoraError = (err: unknown): LiveAudioView['error'] => {
  if (err instanceof MicDeniedError) return 'MIC_DENIED';
  const code = errorCodeOf(err);
  if (code && code in ERRORS) return code as ErrorCode;
  console.warn('Live audio via Agora failed', err);
  return 'AGORA_FAILED';
};

export const useLiveAudioStore = create<LiveAudioView>()(() => ({ ...idle }));

/**
 * One room's live-audio connection (LIVE-AUDIO-1): joins, listens, talks when asked; reconnects
 * while mounted. The music ducks while anyone talks and this person has not muted live audio.
 */
export class LiveAudioSession {
  private ws: WebSocket | null = null;
  private speakers: Speakers | null = null;
  private mic: Microphone | null = null;
  private seq = 0;
  private closed = false;
  private retry: ReturnType<typeof setTimeout> | null = null;
  private meter: ReturnType<typeof setInterval> | null = null;
  /** LIVE-AUDIO-15: Agora carries the audio instead of the socket. */
  private agora: AgoraMedia | null = null;
  /** LIVE-AUDIO-17: settles true once Agora is joined, false once this visit fell back. */
  private agoraJoin: Promise<boolean> | null = null;
  /** LIVE-AUDIO-17: the voices come through Agora, so the built-in copies are not played. */
  private agoraJoined = false;
  private publishing = false;

  constructor(
    private readonly roomUuid: string,
    private readonly token: string,
    private readonly origin = window.location.origin,
    private readonly agoraOptions: AgoraOptions | null = null,
  ) {}

  start(): void {
    useLiveAudioStore.setState({ ...idle, status: 'connecting', agora: !!this.agoraOptions });
    if (this.agoraOptions) this.joinAgora(this.agoraOptions);
    else this.listenBuiltIn();
    this.meter = setInterval(() => this.tick(), 100);
    this.connect();
  }

  /** The built-in path's speakers: the room's Opus packets decoded and played (LIVE-AUDIO-5). */
  private listenBuiltIn(): void {
    if (this.speakers) return;
    this.speakers = new Speakers();
    this.speakers.setMuted(useLiveAudioStore.getState().muted);
    useLiveAudioStore.setState({ blocked: this.speakers.blocked });
  }

  /**
   * LIVE-AUDIO-15/17: joins Agora as a listener; a join that fails or takes longer than the
   * timeout falls back to the built-in packets, quietly, when this browser can play them.
   */
  private joinAgora({ appId, fetchToken, joinTimeoutMs, userUuid }: AgoraOptions): void {
    const agora = new AgoraMedia(appId, this.roomUuid, fetchToken, undefined, userUuid ?? null);
    this.agora = agora;
    this.agoraJoin = withTimeout(agora.join(), joinTimeoutMs ?? AGORA_JOIN_TIMEOUT_MS).then(
      () => {
        if (this.agora !== agora) return false;
        this.agoraJoined = true;
        return true;
      },
      (err: unknown) => {
        if (this.closed || this.agora !== agora) return false;
        this.agora = null;
        void agora.leave();
        if (!liveAudioSupported()) {
          useLiveAudioStore.setState({ error: agoraError(err) });
          return false;
        }
        console.warn('Live audio via Agora failed; using the built-in path', err);
        this.listenBuiltIn();
        useLiveAudioStore.setState({ agora: false, fallback: true });
        return false;
      },
    );
  }

  private connect(): void {
    const url = new URL(LIVE_AUDIO_PATH, this.origin);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    url.searchParams.set('token', this.token);
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => this.send({ type: 'join', roomUuid: this.roomUuid });
    ws.onmessage = (e) => this.onMessage(JSON.parse(String(e.data)) as LiveAudioServerMessage);
    ws.onclose = () => {
      if (this.ws !== ws) return;
      void this.stopTalking(false);
      useLiveAudioStore.setState({ status: 'closed', speakers: [], hands: [], invited: [] });
      if (!this.closed) this.retry = setTimeout(() => this.connect(), 2000);
    };
  }

  private onMessage(m: LiveAudioServerMessage): void {
    switch (m.type) {
      case 'ready':
        useLiveAudioStore.setState({ status: 'ready', error: null });
        return;
      case 'state': {
        const before = useLiveAudioStore.getState().speakers;
        for (const uuid of before) if (!m.speakers.includes(uuid)) this.speakers?.drop(uuid);
        useLiveAudioStore.setState({ speakers: m.speakers, hands: m.hands, invited: m.invited });
        this.duck();
        return;
      }
      case 'speaking':
        void this.openMic();
        return;
      case 'audio':
        this.onAudio(m.from, m.packets);
        return;
      case 'cut':
        void this.stopTalking(false);
        return;
      case 'error':
        if (m.of === 'speak' || m.of === 'audio') void this.stopTalking(false);
        useLiveAudioStore.setState({ error: m.code });
        return;
    }
  }

  /**
   * LIVE-AUDIO-17: a voice in the Agora channel is heard through Agora, so its built-in copy (for
   * phones and guests) is not played; one that is not there (its own join failed) is played.
   */
  private onAudio(from: string, packets: string[]): void {
    if (this.agoraJoined && this.agora) {
      if (this.agora.present(from) || !liveAudioSupported()) return;
      this.listenBuiltIn();
    }
    this.speakers?.push(from, packets);
  }

  private send(m: LiveAudioClientMessage): void {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(JSON.stringify(m));
  }

  /** LIVE-AUDIO-2: asks for the mic; the microphone opens once the server agrees. */
  talk(): void {
    useLiveAudioStore.setState({ starting: true, error: null });
    this.send({ type: 'speak' });
  }

  /**
   * The server let this person on the mic. LIVE-AUDIO-17: once Agora is joined it publishes there
   * and also sends the built-in packets; when Agora could not be joined, the built-in path alone.
   */
  private async openMic(): Promise<void> {
    const viaAgora = this.agoraJoin ? await this.agoraJoin : false;
    if (this.closed) return;
    if (viaAgora && this.agora) return this.publishAgora(this.agora);
    return this.openBuiltInMic(false);
  }

  /**
   * The microphone encoded to Opus and sent on the socket (LIVE-AUDIO-5). As the copy beside
   * Agora (LIVE-AUDIO-17) a failure only means phones and guests do not hear this talker.
   */
  private async openBuiltInMic(copy: boolean): Promise<void> {
    if (this.mic) return;
    const mic = new Microphone((packets) => this.send({ type: 'audio', seq: ++this.seq, packets }));
    this.mic = mic;
    try {
      await mic.start();
      if (!copy) useLiveAudioStore.setState({ speaking: true, starting: false });
    } catch (err) {
      if (this.mic !== mic) return;
      if (copy) {
        console.warn('Live audio: the built-in copy for phones and guests failed', err);
        this.mic = null;
        await mic.stop();
        return;
      }
      useLiveAudioStore.setState({ error: 'MIC_DENIED' });
      await this.stopTalking(true);
    }
  }

  /** LIVE-AUDIO-15: the server let this person on the mic; Agora publishes the microphone. */
  private async publishAgora(agora: AgoraMedia): Promise<void> {
    if (this.publishing) return;
    this.publishing = true;
    try {
      await agora.publish();
      if (!this.publishing) return;
      useLiveAudioStore.setState({ speaking: true, starting: false });
      // LIVE-AUDIO-17: the same voice on the built-in socket, for phones and guests.
      if (liveAudioSupported()) await this.openBuiltInMic(true);
    } catch (err) {
      if (!this.publishing) return;
      useLiveAudioStore.setState({ error: agoraError(err) });
      await this.stopTalking(true);
    }
  }

  async stopTalking(tell = true): Promise<void> {
    const mic = this.mic;
    this.mic = null;
    this.publishing = false;
    if (tell) this.send({ type: 'stop' });
    useLiveAudioStore.setState({ speaking: false, starting: false });
    await Promise.all([mic?.stop(), this.agora?.unpublish()]);
  }

  raiseHand(raised: boolean): void {
    this.send({ type: 'hand', raised });
  }

  invite(userUuid: string, allowed: boolean): void {
    this.send({ type: 'invite', userUuid, allowed });
  }

  cut(userUuid: string): void {
    this.send({ type: 'cut', userUuid });
  }

  setMuted(muted: boolean): void {
    this.speakers?.setMuted(muted);
    this.agora?.setMuted(muted);
    useLiveAudioStore.setState({ muted });
    this.duck();
  }

  /** The page was clicked: sound may play now. */
  async unblock(): Promise<void> {
    this.agora?.resume();
    await this.speakers?.resume();
    useLiveAudioStore.setState({ blocked: this.blocked() });
  }

  /** LIVE-AUDIO-8: the music ducks while someone talks (not for someone who muted live audio). */
  private duck(): void {
    const { speakers, muted } = useLiveAudioStore.getState();
    duckPlayer(speakers.length > 0 && !muted ? DUCK_FACTOR : 1);
  }

  /** The meter: the analyser's level now, or the last peak falling back slowly. */
  private tick(): void {
    const now = Math.max(this.agora?.level() ?? 0, this.speakers?.level() ?? 0);
    const held = useLiveAudioStore.getState().level * 0.85;
    const level = Math.round(Math.max(now, held < 0.001 ? 0 : held) * 1000) / 1000;
    const blocked = this.blocked();
    const s = useLiveAudioStore.getState();
    if (s.level !== level || s.blocked !== blocked) useLiveAudioStore.setState({ level, blocked });
  }

  private blocked(): boolean {
    return (this.agora?.blocked ?? false) || (this.speakers?.blocked ?? false);
  }

  close(): void {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.meter) clearInterval(this.meter);
    void this.stopTalking(false);
    const ws = this.ws;
    this.ws = null;
    ws?.close();
    this.speakers?.close();
    this.speakers = null;
    void this.agora?.leave();
    this.agora = null;
    this.agoraJoined = false;
    duckPlayer(1);
    useLiveAudioStore.setState({ ...idle });
  }
}
