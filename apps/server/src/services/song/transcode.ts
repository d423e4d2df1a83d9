import path from 'node:path';
import {
  SONG_MAX_SECONDS,
  awaitsVerification,
  nextSongStatus,
  songDurationVerdict,
  type SongStatusEvent,
} from '@tt/rules';
import { songHlsPaths } from '@tt/protocol';
import type { JobInfo } from '../../platform/jobs';
import type { Platform } from '../../platform/service';
import {
  ToolUnavailableError,
  cleanTranscodeTemp,
  probeDuration,
  sniffAudioType,
  transcodeToHls,
  withInputFile,
  type AudioType,
  type HlsRendition,
} from './hls';
import { songFiles } from './files';
import type { NewSong, SongRepository, SongRow } from './repository';
import { coverPath } from './short-id';

/** The job that verifies an upload: ffmpeg → AES-128 HLS. */
export const TRANSCODE_JOB = 'song.transcode';

interface TranscodeJob {
  songId: number;
  shortId: string;
  /** 0 for the first try; one more for each postponement. */
  round: number;
}

declare module '../../platform/jobs' {
  interface JobTypes {
    'song.transcode': TranscodeJob;
  }
}

/** Unexpected failures (database, storage) are retried this often before the job gives up. */
const JOB_ATTEMPTS = 3;
const JOB_BACKOFF_MS = 5000;
/**
 * ffprobe's container duration is only an estimate for some files (VBR MP3 without a header), so
 * it rejects a file as too long without decoding only past this margin; the decoded length decides
 * the rest.
 */
const PROBE_MARGIN_SECONDS = 60;

/**
 * Longest a transcode may hold its song (probe and transcode timeouts, storage writes, margin):
 * a second job of the same song meanwhile does nothing.
 */
const LOCK_SECONDS = 15 * 60;

/** The counters that hold a song during its transcode: the song's, and the holding job's. */
export const transcodeHoldKeys = (shortId: string, jobId: string) => ({
  song: `song-transcode:${shortId}`,
  job: `song-transcode:${shortId}:job:${jobId}`,
});

type Outcome =
  { event: 'verified'; rendition: HlsRendition } | { event: 'notPlayable'; duration: number };

/**
 * SEC-JOBS-2: the job id of a song as it is now (its last change). Every process, and the
 * sweep, derives the same id for the same state, so queueing it again while its job waits,
 * is delayed or runs does nothing; a postponed song (a new state) gets a new job while its old
 * one still runs.
 */
export const transcodeJobId = (row: SongRow) =>
  `transcode-${row.shortId}-${row.updatedAt.getTime()}`;

/**
 * Verification of uploads as `song.transcode` jobs (platform.jobs): the upload is probed and
 * transcoded to encrypted HLS, then the song moves (packages/rules song-status) to VERIFIED,
 * UNVERIFIED (decodes, but shorter than 5 s or longer than 20 min), VERIFICATION_ERROR (does not
 * decode) or VERIFICATION_POSTPONED (queue full, or ffmpeg unavailable: tried again after
 * SONG_TRANSCODE_RETRY_DELAY, as often as needed). A job that gives up leaves VERIFICATION_ERROR;
 * a song whose job was lost is queued again by the sweep.
 */
export class SongTranscoder {
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly platform: Platform,
    private readonly repo: SongRepository,
  ) {}

  /** Registers the job's handler: once per process, by the song service. */
  define(): void {
    this.platform.jobs.define(TRANSCODE_JOB, (job, info) => this.run(job, info), {
      concurrency: this.platform.config.SONG_TRANSCODE_CONCURRENCY,
      attempts: JOB_ATTEMPTS,
      backoffMs: JOB_BACKOFF_MS,
      onGiveUp: (job, err) => this.gaveUp(job, err),
    });
  }

  /** Where transcodes keep their temporary files. */
  get tmpRoot(): string {
    return path.join(this.platform.config.dataDir, 'tmp', 'transcode');
  }

  /**
   * SEC-JOBS-1: the job gave up for good (its attempts used up, or it stalled past the limit
   * because the processes running it died — a file that kills the transcoder must not be retried
   * for ever): a song still awaiting verification moves to VERIFICATION_ERROR.
   */
  private async gaveUp({ songId }: TranscodeJob, err: unknown): Promise<void> {
    const row = await this.repo.byIdOrShortId(String(songId));
    if (!row || !awaitsVerification(row.status)) return;
    this.platform.log.error({ err, shortId: row.shortId }, 'song transcode given up');
    await this.settle(row, 'verificationFailed', {});
  }

  /**
   * Queues the verification of a song in VALID_FILE_TYPE. Answers the song as it is now:
   * VERIFICATION_POSTPONED when SONG_TRANSCODE_MAX_PENDING transcodes are already waiting.
   */
  async enqueue(row: SongRow): Promise<SongRow> {
    const { jobs, config, log } = this.platform;
    try {
      if ((await jobs.pending(TRANSCODE_JOB)) >= config.SONG_TRANSCODE_MAX_PENDING) {
        return (await this.postpone(row, -1, 'too many transcodes waiting')) ?? row;
      }
      const job: TranscodeJob = { songId: row.id, shortId: row.shortId, round: 0 };
      await jobs.enqueue(TRANSCODE_JOB, job, { jobId: transcodeJobId(row) });
      return row;
    } catch (err) {
      // The queue itself failed (Redis down): the song waits for the sweep.
      log.error({ err, shortId: row.shortId }, 'song transcode: could not queue');
      const next = nextSongStatus(row.status, 'verificationPostponed');
      const moved = next && (await this.repo.transition(row.id, [row.status], { status: next }));
      return moved || row;
    }
  }

  /**
   * SEC-JOBS-2: the sweep, run at start and then every SONG_TRANSCODE_GRACE. A song awaiting
   * verification (VALID_FILE_TYPE, VERIFICATION_POSTPONED) unchanged for the grace period is
   * queued again under the job id of its state: a no-op while its job waits, is delayed or runs
   * (here or in another process), a new job when the job was lost (a crash, a failure removed
   * from Redis). `all` (the in-process queue at start: it lost every job with the last process)
   * takes the songs of any age. An upload left in PENDING_UPLOAD past the grace (its request died
   * before answering) is removed with its file. Answers how many songs were queued.
   */
  async sweep(all = false): Promise<number> {
    const { jobs, storage, log, config } = this.platform;
    const before = new Date(Date.now() - config.SONG_TRANSCODE_GRACE * 1000);
    for (const row of await this.repo.withStatus(['PENDING_UPLOAD'], before)) {
      await this.repo.delete(row.id);
      await storage.delete(songFiles.source(row.shortId));
      log.warn({ shortId: row.shortId }, 'unfinished upload removed');
    }
    const rows = await this.repo.withStatus(
      ['VALID_FILE_TYPE', 'VERIFICATION_POSTPONED'],
      all ? undefined : before,
    );
    for (const row of rows) {
      const job: TranscodeJob = { songId: row.id, shortId: row.shortId, round: 0 };
      await jobs.enqueue(TRANSCODE_JOB, job, { jobId: transcodeJobId(row) });
    }
    return rows.length;
  }

  /**
   * At start: removes the temporary files of transcodes that died (SEC-TMP-1), sweeps (all songs
   * with the in-process queue), then sweeps every SONG_TRANSCODE_GRACE until stop().
   */
  async start(): Promise<void> {
    const { jobs, log, config } = this.platform;
    const graceMs = config.SONG_TRANSCODE_GRACE * 1000;
    const removed = await cleanTranscodeTemp(this.tmpRoot, graceMs);
    if (removed > 0) log.info({ removed }, 'leftover transcode files removed');
    const queued = await this.sweep(jobs.kind === 'memory');
    if (queued > 0) log.info({ songs: queued }, 'song transcodes resumed');
    this.sweeper = setInterval(() => {
      this.sweep().catch((err: unknown) => log.warn({ err }, 'song transcode sweep failed'));
    }, graceMs);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /** VERIFICATION_POSTPONED, and a job of the next round after the retry delay. */
  private async postpone(row: SongRow, round: number, reason: string) {
    const next = nextSongStatus(row.status, 'verificationPostponed');
    if (!next) return undefined;
    const moved = await this.repo.transition(row.id, [row.status], { status: next });
    if (!moved) return undefined;
    const { jobs, config, log } = this.platform;
    const delayMs = config.SONG_TRANSCODE_RETRY_DELAY * 1000;
    const job: TranscodeJob = { songId: row.id, shortId: row.shortId, round: round + 1 };
    try {
      await jobs.enqueue(TRANSCODE_JOB, job, { delayMs, jobId: transcodeJobId(moved) });
      log.info({ shortId: row.shortId, reason, delayMs }, 'song transcode postponed');
    } catch (err) {
      log.warn({ err, shortId: row.shortId }, 'song transcode postponed until the next start');
    }
    return moved;
  }

  /**
   * One job: the song is held (LOCK_SECONDS) so that a second job of it meanwhile does nothing.
   * JOBS-STALL-1: the hold names its job. A process killed mid-transcode leaves it behind, and
   * BullMQ runs that same job again elsewhere within a minute: that run takes the hold over
   * instead of ending as a no-op that left the song in VALID_FILE_TYPE until the hold expired.
   */
  private async run(job: TranscodeJob, info: JobInfo): Promise<void> {
    const { counters, log } = this.platform;
    const keys = transcodeHoldKeys(job.shortId, info.id);
    // The job's own mark first: a run that dies between the two leaves no hold to take over.
    const ranBefore = (await counters.hit(keys.job, LOCK_SECONDS)) > 1;
    if ((await counters.hit(keys.song, LOCK_SECONDS)) > 1) {
      if (!ranBefore) {
        await counters.reset(keys.job);
        log.info({ shortId: job.shortId }, 'song transcode: another job holds the song');
        return;
      }
      log.warn(
        { shortId: job.shortId, job: info.id },
        'song transcode: resumed after its process died',
      );
    }
    try {
      await this.transcode(job);
    } finally {
      await counters.reset(keys.song);
      await counters.reset(keys.job);
    }
  }

  private async transcode({ songId, round }: TranscodeJob): Promise<void> {
    const { storage, log } = this.platform;
    const row = await this.repo.byIdOrShortId(String(songId));
    // Deleted, or settled meanwhile (an external transcoder's callback).
    if (!row || !awaitsVerification(row.status)) return;
    const source = await storage.get(songFiles.source(row.shortId));
    const format = source && sniffAudioType(source);
    if (!source || !format) {
      log.warn({ shortId: row.shortId }, 'song transcode: the uploaded file is missing');
      await this.settle(row, 'verificationFailed', {});
      return;
    }
    let outcome: Outcome;
    try {
      outcome = await withInputFile(source, this.tmpRoot, (file) => this.verify(row, file, format));
    } catch (err) {
      if (err instanceof ToolUnavailableError) {
        await this.postpone(row, round, err.message);
        return;
      }
      log.warn({ err, shortId: row.shortId }, 'song transcode: the file does not decode');
      await this.settle(row, 'verificationFailed', {});
      return;
    }
    if (outcome.event === 'notPlayable') {
      await this.settle(row, 'notPlayable', { duration: Math.round(outcome.duration) });
      return;
    }
    await this.publish(row, outcome.rendition);
  }

  private async verify(row: SongRow, file: string, format: AudioType): Promise<Outcome> {
    const { FFMPEG_PATH, FFPROBE_PATH } = this.platform.config;
    const probed = await probeDuration(file, FFPROBE_PATH, format);
    if (probed !== null && probed > SONG_MAX_SECONDS + PROBE_MARGIN_SECONDS) {
      return { event: 'notPlayable', duration: probed };
    }
    // One second past the limit tells a song that is too long from one that just fits.
    const rendition = await transcodeToHls(file, songHlsPaths.key(row.shortId), {
      ffmpeg: FFMPEG_PATH,
      maxSeconds: SONG_MAX_SECONDS + 1,
      format,
      tmpRoot: this.tmpRoot,
    });
    if (songDurationVerdict(rendition.duration) !== 'playable') {
      return { event: 'notPlayable', duration: rendition.duration };
    }
    return { event: 'verified', rendition };
  }

  /** Stores the rendition and its key, then VERIFIED; undone when the song moved meanwhile. */
  private async publish(row: SongRow, rendition: HlsRendition): Promise<void> {
    const { shortId } = row;
    const storage = this.platform.storage;
    const undo = async () => {
      await storage.deleteTree(songFiles.hlsDir(shortId));
      await this.repo.deleteHlsKey(row.id);
    };
    try {
      for (const [name, bytes] of rendition.segments) {
        await storage.put(songFiles.hls(shortId, name), bytes);
      }
      await storage.put(songFiles.hls(shortId, 'index.m3u8'), Buffer.from(rendition.playlist));
      await this.repo.saveHlsKey(row.id, rendition.key, rendition.iv);
    } catch (err) {
      await undo();
      // Deleted meanwhile (the key's foreign key fails): nothing left to do.
      if (!(await this.repo.byIdOrShortId(String(row.id)))) return;
      throw err;
    }
    const settled = await this.settle(row, 'verified', {
      duration: Math.round(rendition.duration),
      musicProviders: { ...row.musicProviders, uploadService: shortId },
      thumbnails: { ...row.thumbnails, uploadService: coverPath(shortId) },
      streamUrls: { ...row.streamUrls, uploadService: { hls: songHlsPaths.playlist(shortId) } },
    });
    if (!settled) await undo();
  }

  /** Moves the song on `event` if it is still where it was; the uploaded file is then dropped. */
  private async settle(
    row: SongRow,
    event: SongStatusEvent,
    patch: Partial<NewSong>,
  ): Promise<SongRow | undefined> {
    const next = nextSongStatus(row.status, event);
    const moved = next
      ? await this.repo.transition(row.id, [row.status], { ...patch, status: next })
      : undefined;
    if (!moved) {
      this.platform.log.info(
        { shortId: row.shortId, event },
        'song transcode: the song moved meanwhile',
      );
      return undefined;
    }
    await this.platform.storage.delete(songFiles.source(row.shortId));
    this.platform.log.info(
      { shortId: row.shortId, status: moved.status },
      'song verification settled',
    );
    return moved;
  }
}
