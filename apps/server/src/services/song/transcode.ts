import {
  SONG_MAX_SECONDS,
  awaitsVerification,
  nextSongStatus,
  songDurationVerdict,
  type SongStatusEvent,
} from '@tt/rules';
import { songHlsPaths } from '@tt/protocol';
import type { Platform } from '../../platform/service';
import {
  ToolUnavailableError,
  probeDuration,
  transcodeToHls,
  withInputFile,
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

/** Unexpected failures (database, storage) are retried this often before the job gives up. */
const JOB_ATTEMPTS = 3;
const JOB_BACKOFF_MS = 5000;
/**
 * ffprobe's container duration is only an estimate for some files (VBR MP3 without a header), so
 * it rejects a file as too long without decoding only past this margin; the decoded length decides
 * the rest.
 */
const PROBE_MARGIN_SECONDS = 60;

type Outcome =
  { event: 'verified'; rendition: HlsRendition } | { event: 'notPlayable'; duration: number };

/** A job id per song and round: a postponed song gets a new job while its old one still runs. */
const jobId = (shortId: string, round: number) => `transcode-${shortId}-${round}`;

/**
 * Verification of uploads as `song.transcode` jobs (platform.jobs): the upload is probed and
 * transcoded to encrypted HLS, then the song moves (packages/rules song-status) to VERIFIED,
 * UNVERIFIED (decodes, but shorter than 5 s or longer than 20 min), VERIFICATION_ERROR (does not
 * decode) or VERIFICATION_POSTPONED (queue full, or ffmpeg unavailable: tried again after
 * SONG_TRANSCODE_RETRY_DELAY, as often as needed).
 */
export class SongTranscoder {
  constructor(
    private readonly platform: Platform,
    private readonly repo: SongRepository,
  ) {}

  /** Registers the job's handler: once per process, by the song service. */
  define(): void {
    this.platform.jobs.define<TranscodeJob>(TRANSCODE_JOB, (job) => this.run(job), {
      concurrency: this.platform.config.SONG_TRANSCODE_CONCURRENCY,
      attempts: JOB_ATTEMPTS,
      backoffMs: JOB_BACKOFF_MS,
    });
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
      await jobs.enqueue(TRANSCODE_JOB, job, { jobId: jobId(row.shortId, 0) });
      return row;
    } catch (err) {
      // The queue itself failed (Redis down): the song waits for the next start's resume().
      log.error({ err, shortId: row.shortId }, 'song transcode: could not queue');
      const next = nextSongStatus(row.status, 'verificationPostponed');
      const moved = next && (await this.repo.transition(row.id, [row.status], { status: next }));
      return moved || row;
    }
  }

  /**
   * Queues again the songs whose in-process job was lost with the last process (VALID_FILE_TYPE
   * and VERIFICATION_POSTPONED). BullMQ keeps its jobs in Redis, so it has nothing to resume.
   */
  async resume(): Promise<number> {
    if (this.platform.jobs.kind !== 'memory') return 0;
    const rows = await this.repo.withStatus(['VALID_FILE_TYPE', 'VERIFICATION_POSTPONED']);
    for (const row of rows) {
      const job: TranscodeJob = { songId: row.id, shortId: row.shortId, round: 0 };
      await this.platform.jobs.enqueue(TRANSCODE_JOB, job, { jobId: jobId(row.shortId, 0) });
    }
    return rows.length;
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
      await jobs.enqueue(TRANSCODE_JOB, job, { delayMs, jobId: jobId(row.shortId, round + 1) });
      log.info({ shortId: row.shortId, reason, delayMs }, 'song transcode postponed');
    } catch (err) {
      log.warn({ err, shortId: row.shortId }, 'song transcode postponed until the next start');
    }
    return moved;
  }

  private async run({ songId, round }: TranscodeJob): Promise<void> {
    const { storage, log } = this.platform;
    const row = await this.repo.byIdOrShortId(String(songId));
    // Deleted, or settled meanwhile (an external transcoder's callback).
    if (!row || !awaitsVerification(row.status)) return;
    const source = await storage.get(songFiles.source(row.shortId));
    if (!source) {
      log.warn({ shortId: row.shortId }, 'song transcode: the uploaded file is missing');
      await this.settle(row, 'verificationFailed', {});
      return;
    }
    let outcome: Outcome;
    try {
      outcome = await withInputFile(source, (file) => this.verify(row, file));
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

  private async verify(row: SongRow, file: string): Promise<Outcome> {
    const { FFMPEG_PATH, FFPROBE_PATH } = this.platform.config;
    const probed = await probeDuration(file, FFPROBE_PATH);
    if (probed !== null && probed > SONG_MAX_SECONDS + PROBE_MARGIN_SECONDS) {
      return { event: 'notPlayable', duration: probed };
    }
    // One second past the limit tells a song that is too long from one that just fits.
    const rendition = await transcodeToHls(file, songHlsPaths.key(row.shortId), {
      ffmpeg: FFMPEG_PATH,
      maxSeconds: SONG_MAX_SECONDS + 1,
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
