import { LIVE_AUDIO_CODEC, LIVE_AUDIO_LIMITS } from '@tt/protocol';

/**
 * The browser half of the built-in live audio (LIVE-AUDIO-5): the microphone encoded to Opus with
 * WebCodecs, and the packets of the room's speakers decoded and played through Web Audio with a
 * small jitter buffer (LIVE-AUDIO-9: well under 1.5 s behind).
 */

/** Can this browser talk and listen here (WebCodecs Opus, Web Audio)? */
export function liveAudioSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'AudioEncoder' in window &&
    'AudioDecoder' in window &&
    'AudioContext' in window
  );
}

const toBase64 = (bytes: Uint8Array) => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
};
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/** How often the microphone's packets go out, ms (a few Opus frames at a time). */
const SEND_EVERY_MS = 60;

/** The microphone, encoded; `send` receives batches of base64 Opus packets. */
export class Microphone {
  private ctx: AudioContext | null = null;
  private stream: MediaStream | null = null;
  private encoder: AudioEncoder | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private pending: string[] = [];

  constructor(private readonly send: (packets: string[]) => void) {}

  async start(): Promise<void> {
    this.stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true },
    });
    const { sampleRate, numberOfChannels, bitrate, codec } = LIVE_AUDIO_CODEC;
    const ctx = new AudioContext({ sampleRate });
    this.ctx = ctx;
    const encoder = new AudioEncoder({
      output: (chunk) => {
        if (chunk.byteLength > LIVE_AUDIO_LIMITS.maxPacketBytes) return;
        const bytes = new Uint8Array(chunk.byteLength);
        chunk.copyTo(bytes);
        this.pending.push(toBase64(bytes));
      },
      error: () => void this.stop(),
    });
    encoder.configure({ codec, sampleRate, numberOfChannels, bitrate });
    this.encoder = encoder;
    const source = ctx.createMediaStreamSource(this.stream);
    // A script processor hands over the samples (its output stays silent).
    const tap = ctx.createScriptProcessor(1024, 1, 1);
    let timestamp = 0;
    tap.onaudioprocess = (e) => {
      if (encoder.state !== 'configured') return;
      const samples = new Float32Array(e.inputBuffer.getChannelData(0));
      const data = new AudioData({
        format: 'f32-planar',
        sampleRate: ctx.sampleRate,
        numberOfFrames: samples.length,
        numberOfChannels: 1,
        timestamp,
        data: samples,
      });
      timestamp += (samples.length / ctx.sampleRate) * 1e6;
      encoder.encode(data);
      data.close();
    };
    source.connect(tap);
    tap.connect(ctx.destination);
    await ctx.resume();
    this.timer = setInterval(() => this.flush(), SEND_EVERY_MS);
  }

  private flush(): void {
    while (this.pending.length) {
      this.send(this.pending.splice(0, LIVE_AUDIO_LIMITS.maxPacketsPerFrame));
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.pending = [];
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    if (this.encoder && this.encoder.state !== 'closed') this.encoder.close();
    this.encoder = null;
    await this.ctx?.close().catch(() => undefined);
    this.ctx = null;
  }
}

/** Seconds of audio held before playing (absorbs network jitter). */
const JITTER_S = 0.15;
/** Further behind than this, a speaker's audio skips ahead (LIVE-AUDIO-9). */
const MAX_BEHIND_S = 0.8;

interface Voice {
  decoder: AudioDecoder;
  next: number;
  timestamp: number;
}

/** The room's speakers, decoded and played; `level()` is the received loudness (0..1). */
export class Speakers {
  readonly ctx: AudioContext;
  private readonly out: GainNode;
  private readonly analyser: AnalyserNode;
  private readonly voices = new Map<string, Voice>();
  private readonly samples = new Float32Array(1024);

  constructor() {
    this.ctx = new AudioContext({ sampleRate: LIVE_AUDIO_CODEC.sampleRate });
    this.analyser = this.ctx.createAnalyser();
    this.analyser.fftSize = 1024;
    this.out = this.ctx.createGain();
    this.analyser.connect(this.out);
    this.out.connect(this.ctx.destination);
  }

  /** Waiting for a click before the page may play sound. */
  get blocked(): boolean {
    return this.ctx.state === 'suspended';
  }

  resume(): Promise<void> {
    return this.ctx.resume();
  }

  /** LIVE-AUDIO-8: anyone can mute what they hear. */
  setMuted(muted: boolean): void {
    this.out.gain.value = muted ? 0 : 1;
  }

  push(from: string, packets: string[]): void {
    const voice = this.voice(from);
    for (const p of packets) {
      voice.decoder.decode(
        new EncodedAudioChunk({ type: 'key', timestamp: voice.timestamp, data: fromBase64(p) }),
      );
      voice.timestamp += 20_000;
    }
  }

  private voice(from: string): Voice {
    let voice = this.voices.get(from);
    if (voice) return voice;
    const { codec, sampleRate, numberOfChannels } = LIVE_AUDIO_CODEC;
    const decoder = new AudioDecoder({
      output: (data) => this.play(from, data),
      error: () => this.voices.delete(from),
    });
    decoder.configure({ codec, sampleRate, numberOfChannels });
    voice = { decoder, next: 0, timestamp: 0 };
    this.voices.set(from, voice);
    return voice;
  }

  private play(from: string, data: AudioData): void {
    const voice = this.voices.get(from);
    const frames = data.numberOfFrames;
    const buffer = this.ctx.createBuffer(1, frames, data.sampleRate);
    data.copyTo(buffer.getChannelData(0), { planeIndex: 0, format: 'f32-planar' });
    data.close();
    if (!voice) return;
    const now = this.ctx.currentTime;
    if (voice.next < now || voice.next > now + MAX_BEHIND_S) voice.next = now + JITTER_S;
    const node = this.ctx.createBufferSource();
    node.buffer = buffer;
    node.connect(this.analyser);
    node.start(voice.next);
    voice.next += buffer.duration;
  }

  /** A speaker left the mic: their decoder goes. */
  drop(from: string): void {
    const voice = this.voices.get(from);
    this.voices.delete(from);
    if (voice && voice.decoder.state !== 'closed') voice.decoder.close();
  }

  /** Received loudness now (RMS of the last samples, 0..1). */
  level(): number {
    this.analyser.getFloatTimeDomainData(this.samples);
    let sum = 0;
    for (const v of this.samples) sum += v * v;
    return Math.sqrt(sum / this.samples.length);
  }

  close(): void {
    for (const from of [...this.voices.keys()]) this.drop(from);
    void this.ctx.close().catch(() => undefined);
  }
}
