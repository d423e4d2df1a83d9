import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { Writable } from 'node:stream';
import { LIVE_AUDIO_LISTEN, type ErrorCode } from '@tt/protocol';
import type { AuthContext } from '../platform/auth';
import { fail } from '../platform/errors';
import type { Logger } from 'pino';
import { mediaToolPath } from '../platform/media-tools';
import { OggOpusWriter } from './live-audio-ogg';

/**
 * LIVE-AUDIO-12..14, LIVE-AUDIO-16: a room's live voice as one MP3 stream for phones. Per room and process: the
 * speakers' Opus packets (as the relay hands them to this process) go, per speaker, through an
 * ffmpeg decoding Ogg Opus to PCM; a 20 ms clock mixes the speakers (silence when nobody talks)
 * into one ffmpeg encoding MP3, whose bytes go to every phone listening to the room here. The
 * processes stop when the last phone leaves.
 */

const { sampleRate, bitrate, blockMs } = LIVE_AUDIO_LISTEN;
const BLOCK_BYTES = ((sampleRate * blockMs) / 1000) * 2;
/** A speaker's voice starts once this much is decoded (evens out the packets' arrival). */
const START_BYTES = BLOCK_BYTES * 3;
/** A speaker more than this far behind skips ahead to START_BYTES (LIVE-AUDIO-9's 0.8 s). */
const MAX_BEHIND_BYTES = (sampleRate * 2 * 800) / 1000;
/** A speaker's decoder stops after this long without packets. */
const SPEAKER_IDLE_MS = 3_000;
/** A phone whose connection holds more than this unsent is skipped. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** How often every phone's right to be in the room is checked again. */
const RECHECK_MS = 15_000;

const QUIET = ['-hide_banner', '-loglevel', 'error', '-nostdin'];
const PCM = ['-f', 's16le', '-ar', String(sampleRate), '-ac', '1'];

let running = 0;
/** The listen streams' ffmpeg processes running in this Node process (LIVE-AUDIO-16). */
export const listenProcesses = () => running;

function ffmpeg(args: string[], log: Logger, what: string): ChildProcessWithoutNullStreams {
  const p = spawn(mediaToolPath('ffmpeg'), [...QUIET, ...args], { stdio: 'pipe' });
  running++;
  p.once('close', () => running--);
  p.on('error', (err) => log.error({ err }, `live-audio ${what} ffmpeg failed`));
  p.stdin.on('error', () => {});
  p.stderr.on('data', (d: Buffer) => log.debug({ what, ffmpeg: d.toString() }, 'ffmpeg'));
  return p;
}

/** One speaker: Ogg pages in, PCM out into a queue the mixer drains. */
class Speaker {
  private readonly ogg = new OggOpusWriter();
  private readonly proc: ChildProcessWithoutNullStreams;
  private pcm: Buffer[] = [];
  private bytes = 0;
  private playing = false;
  lastPacketAt = Date.now();

  constructor(log: Logger) {
    this.proc = ffmpeg(
      [
        ...['-probesize', '32', '-analyzeduration', '0', '-fflags', 'nobuffer'],
        ...['-f', 'ogg', '-i', 'pipe:0', ...PCM, '-flush_packets', '1', 'pipe:1'],
      ],
      log,
      'decoder',
    );
    this.proc.stdout.on('data', (d: Buffer) => {
      this.pcm.push(d);
      this.bytes += d.length;
    });
    this.proc.stdin.write(this.ogg.head());
  }

  feed(packets: string[]): void {
    this.lastPacketAt = Date.now();
    for (const p of packets) this.proc.stdin.write(this.ogg.packet(Buffer.from(p, 'base64')));
  }

  /** The next block of this voice, or null while it gathers or has nothing. */
  take(): Buffer | null {
    if (!this.playing) {
      if (this.bytes < START_BYTES) return null;
      this.playing = true;
    }
    if (this.bytes > MAX_BEHIND_BYTES) this.drop(this.bytes - START_BYTES);
    if (this.bytes === 0) {
      this.playing = false;
      return null;
    }
    const out = Buffer.alloc(BLOCK_BYTES);
    let at = 0;
    while (at < BLOCK_BYTES && this.pcm.length) {
      const head = this.pcm[0];
      const n = Math.min(head.length, BLOCK_BYTES - at);
      head.copy(out, at, 0, n);
      at += n;
      if (n === head.length) this.pcm.shift();
      else this.pcm[0] = head.subarray(n);
    }
    this.bytes -= at;
    return out;
  }

  private drop(n: number): void {
    n -= n % 2;
    while (n > 0 && this.pcm.length) {
      const head = this.pcm[0];
      if (head.length <= n) {
        this.pcm.shift();
        n -= head.length;
        this.bytes -= head.length;
      } else {
        this.pcm[0] = head.subarray(n);
        this.bytes -= n;
        n = 0;
      }
    }
  }

  stop(): void {
    this.proc.stdin.end();
    this.proc.kill('SIGKILL');
  }
}

export interface Phone {
  auth: AuthContext;
  out: Writable;
}

/** One room's mixer and encoder on this process, and the phones it streams to. */
export class ListenRoom {
  readonly phones = new Set<Phone>();
  private readonly speakers = new Map<string, Speaker>();
  private readonly encoder: ChildProcessWithoutNullStreams;
  private readonly clock: NodeJS.Timeout;
  private readonly recheck: NodeJS.Timeout;
  private readonly startedAt = Date.now();
  private blocks = 0;
  private stopped = false;

  constructor(
    readonly roomUuid: string,
    private readonly log: Logger,
    /** LIVE-AUDIO-12: the entry check again, for phones already listening. */
    private readonly refusal: (auth: AuthContext) => Promise<ErrorCode | null>,
  ) {
    // LIVE-AUDIO-14: MP3 with as little buffering as ffmpeg allows, no ID3 or Xing header.
    this.encoder = ffmpeg(
      [
        ...['-fflags', '+nobuffer', ...PCM, '-i', 'pipe:0'],
        ...['-c:a', 'libmp3lame', '-b:a', String(bitrate), '-ac', '1'],
        ...['-write_xing', '0', '-id3v2_version', '0', '-flush_packets', '1', '-f', 'mp3'],
        'pipe:1',
      ],
      log,
      'encoder',
    );
    this.encoder.stdout.on('data', (d: Buffer) => this.fanOut(d));
    this.clock = setInterval(() => this.tick(), blockMs / 2);
    this.recheck = setInterval(() => void this.checkPhones(), RECHECK_MS);
  }

  /** LIVE-AUDIO-13: a speaker's packets, as the relay delivers them to this process. */
  audio(from: string, packets: string[]): void {
    if (this.stopped) return;
    let speaker = this.speakers.get(from);
    if (!speaker) this.speakers.set(from, (speaker = new Speaker(this.log)));
    speaker.feed(packets);
  }

  private tick(): void {
    const due = Math.floor((Date.now() - this.startedAt) / blockMs);
    // After a stall, catch up by a few blocks only (the rest is lost, not queued).
    if (due - this.blocks > 10) this.blocks = due - 10;
    const now = Date.now();
    for (const [uuid, s] of this.speakers) {
      if (now - s.lastPacketAt > SPEAKER_IDLE_MS) {
        s.stop();
        this.speakers.delete(uuid);
      }
    }
    while (this.blocks < due) {
      this.blocks++;
      this.encoder.stdin.write(this.mix());
    }
  }

  /** LIVE-AUDIO-13: the speakers' next blocks summed (clipped), or silence. */
  private mix(): Buffer {
    const voices: Buffer[] = [];
    for (const s of this.speakers.values()) {
      const b = s.take();
      if (b) voices.push(b);
    }
    if (voices.length === 0) return Buffer.alloc(BLOCK_BYTES);
    if (voices.length === 1) return voices[0];
    const out = Buffer.alloc(BLOCK_BYTES);
    for (let i = 0; i < BLOCK_BYTES; i += 2) {
      let sum = 0;
      for (const v of voices) sum += v.readInt16LE(i);
      out.writeInt16LE(Math.max(-32768, Math.min(32767, sum)), i);
    }
    return out;
  }

  private fanOut(bytes: Buffer): void {
    for (const phone of this.phones) {
      if (phone.out.writableLength > MAX_BUFFERED_BYTES) continue;
      phone.out.write(bytes);
    }
  }

  private async checkPhones(): Promise<void> {
    for (const phone of [...this.phones]) {
      const refused = await this.refusal(phone.auth).catch(() => null);
      if (refused) phone.out.end();
    }
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.clock);
    clearInterval(this.recheck);
    for (const s of this.speakers.values()) s.stop();
    this.speakers.clear();
    this.encoder.stdin.end();
    this.encoder.kill('SIGKILL');
    for (const phone of this.phones) phone.out.end();
    this.phones.clear();
  }
}

/** A speaker's packets for a room, as the relay hands them to this process. */
export type AudioTap = (from: string, packets: string[]) => void;

export interface ListenDeps {
  /** LIVE-AUDIO-12: the socket's own entry check (null: may listen). */
  refusal(auth: AuthContext, roomUuid: string): Promise<ErrorCode | null>;
  /** Follows the room's live audio on the bus as the socket does; answers the way to stop. */
  tap(roomUuid: string, fn: AudioTap): Promise<() => Promise<void>>;
}

interface HubRoom {
  room: ListenRoom;
  untap: Promise<() => Promise<void>>;
}

/** LIVE-AUDIO-14, LIVE-AUDIO-16: the listen rooms of this process, their caps and their end. */
export class ListenHub {
  private readonly rooms = new Map<string, HubRoom>();

  constructor(
    private readonly log: Logger,
    private readonly deps: ListenDeps,
  ) {}

  /** Streams the room's voice into `out` until it closes; throws the refusal's AppError. */
  async open(auth: AuthContext, roomUuid: string, out: Writable): Promise<void> {
    const refused = await this.deps.refusal(auth, roomUuid);
    if (refused) throw fail(refused);
    let entry = this.rooms.get(roomUuid);
    if (!entry && this.rooms.size >= LIVE_AUDIO_LISTEN.maxRooms) {
      throw fail('SERVICE_UNAVAILABLE');
    }
    if (entry) {
      const phones = [...entry.room.phones];
      if (phones.length >= LIVE_AUDIO_LISTEN.maxPerRoom) throw fail('ROOM_FULL');
      const mine = phones.filter((p) => p.auth.uuid === auth.uuid).length;
      if (mine >= LIVE_AUDIO_LISTEN.maxPerUser) throw fail('SOCKET_USER_LIMIT');
    } else {
      const room = new ListenRoom(roomUuid, this.log, (a) => this.deps.refusal(a, roomUuid));
      const untap = this.deps.tap(roomUuid, (from, packets) => room.audio(from, packets));
      entry = { room, untap };
      this.rooms.set(roomUuid, entry);
      untap.catch((err) => {
        this.log.error({ err, room: roomUuid }, 'live-audio listen could not follow the room');
        void this.end(roomUuid, entry!);
      });
    }
    const phone: Phone = { auth, out };
    entry.room.phones.add(phone);
    const current = entry;
    const gone = () => {
      if (!current.room.phones.delete(phone)) return;
      if (current.room.phones.size === 0) void this.end(roomUuid, current);
    };
    out.once('close', gone);
    // The phone may have gone while it was checked.
    if (out.destroyed || out.closed) gone();
  }

  /** The listen room running here for a room (tests). */
  room(roomUuid: string): ListenRoom | undefined {
    return this.rooms.get(roomUuid)?.room;
  }

  private async end(roomUuid: string, entry: HubRoom): Promise<void> {
    if (this.rooms.get(roomUuid) === entry) this.rooms.delete(roomUuid);
    entry.room.stop();
    await entry.untap
      .then((untap) => untap())
      .catch((err) => this.log.warn({ err }, 'live-audio listen unfollow failed'));
  }

  async close(): Promise<void> {
    const all = [...this.rooms.entries()];
    await Promise.allSettled(all.map(([uuid, entry]) => this.end(uuid, entry)));
  }
}
