import { timingSafeEqual, createHash } from 'node:crypto';
import { nextSongStatus, songDurationVerdict, type SongStatusEvent } from '@tt/rules';
import {
  TranscoderMessage,
  type SongStatus,
  type TranscoderSnsBody,
  type TranscoderSnsRes,
} from '@tt/protocol';
import { AppError, fail } from '../../platform/errors';
import type { Platform } from '../../platform/service';
import { songFiles } from './files';
import type { NewSong, SongRepository } from './repository';
import { coverPath } from './short-id';

/** How long SubscribeURL may take to answer. */
const CONFIRM_TIMEOUT_MS = 10_000;

const digest = (s: string) => createHash('sha256').update(s).digest();
/** Compares in constant time (of the digests: lengths may differ). */
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

/** Where each event leads (to answer a repeated outcome as is). */
const STATUS_OF: Record<SongStatusEvent, SongStatus> = {
  fileTypeValid: 'VALID_FILE_TYPE',
  metadataMissing: 'MISSING_METADATA',
  metadataCompleted: 'VALID_FILE_TYPE',
  verified: 'VERIFIED',
  notPlayable: 'UNVERIFIED',
  verificationFailed: 'VERIFICATION_ERROR',
  verificationPostponed: 'VERIFICATION_POSTPONED',
};

/**
 * POST /upload/transcoder_sns: an external transcoder (AWS Elemental MediaConvert and the like)
 * reports through an SNS HTTP subscription. A SubscriptionConfirmation is confirmed by visiting
 * its SubscribeURL; a Notification's Message moves the song: COMPLETE → VERIFIED (streaming from
 * hlsPlaylistUrl; UNVERIFIED when its duration is not a playable length), ERROR →
 * VERIFICATION_ERROR. The same outcome twice is answered as is (SNS delivers at least once).
 */
export class TranscoderCallback {
  constructor(
    private readonly platform: Platform,
    private readonly repo: SongRepository,
  ) {}

  /** The shared secret from the x-transcoder-token header or the token query parameter. */
  authenticate(header: string | string[] | undefined, queryToken: string | undefined): void {
    const secret = this.platform.config.TRANSCODER_SNS_SECRET;
    if (!secret) throw fail('TRANSCODER_SNS_DISABLED');
    const token = (Array.isArray(header) ? header[0] : header) ?? queryToken;
    if (!token || !sameSecret(token, secret)) throw fail('TRANSCODER_SNS_TOKEN');
  }

  async handle(body: TranscoderSnsBody): Promise<TranscoderSnsRes> {
    switch (body.Type) {
      case 'SubscriptionConfirmation':
        return { type: body.Type, confirmed: await this.confirm(body.SubscribeURL) };
      case 'UnsubscribeConfirmation':
        this.platform.log.info({ topic: body.TopicArn }, 'transcoder SNS: unsubscribed');
        return { type: body.Type };
      case 'Notification':
        return { type: body.Type, ...(await this.notify(body.Message)) };
    }
  }

  private async confirm(url: string | undefined): Promise<boolean> {
    if (!url) {
      throw new AppError(400, 'VALIDATION', [
        'SubscribeURL: is required for a SubscriptionConfirmation',
      ]);
    }
    let ok = false;
    try {
      const res = await fetch(url, {
        redirect: 'error',
        signal: AbortSignal.timeout(CONFIRM_TIMEOUT_MS),
      });
      ok = res.ok;
      await res.arrayBuffer();
    } catch (err) {
      this.platform.log.warn({ err }, 'transcoder SNS: SubscribeURL unreachable');
    }
    if (!ok) throw fail('TRANSCODER_SNS_CONFIRM_FAILED');
    this.platform.log.info('transcoder SNS: subscription confirmed');
    return true;
  }

  private async notify(text: string) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new AppError(400, 'VALIDATION', ['Message: must be a JSON object']);
    }
    const parsed = TranscoderMessage.safeParse(json);
    if (!parsed.success) {
      throw new AppError(
        400,
        'VALIDATION',
        parsed.error.issues.map((i) => `Message.${i.path.join('.') || '(root)'}: ${i.message}`),
      );
    }
    const msg = parsed.data;
    const row = await this.repo.byIdOrShortId(String(msg.songId));
    if (!row) throw fail('SONG_NOT_FOUND');

    let event: SongStatusEvent = 'verificationFailed';
    let patch: Partial<NewSong> = {};
    if (msg.status === 'COMPLETE') {
      const duration = msg.duration ?? row.duration;
      const playable = msg.duration === undefined || songDurationVerdict(duration) === 'playable';
      event = playable ? 'verified' : 'notPlayable';
      patch = { duration: Math.round(duration) };
      if (playable) {
        patch = {
          ...patch,
          musicProviders: { ...row.musicProviders, uploadService: row.shortId },
          thumbnails: { ...row.thumbnails, uploadService: coverPath(row.shortId) },
          streamUrls: { ...row.streamUrls, uploadService: { hls: msg.hlsPlaylistUrl } },
        };
      }
    } else {
      this.platform.log.warn(
        { shortId: row.shortId, error: msg.errorMessage },
        'transcoder SNS: the external transcode failed',
      );
    }

    const target = STATUS_OF[event];
    if (row.status === target) return { songShortId: row.shortId, status: row.status };
    const next = nextSongStatus(row.status, event);
    const moved =
      next && (await this.repo.transition(row.id, [row.status], { ...patch, status: next }));
    if (!moved) {
      throw fail('SONG_STATUS_CONFLICT', `The song cannot move from ${row.status} to ${target}.`);
    }
    await this.platform.storage.delete(songFiles.source(row.shortId));
    return { songShortId: moved.shortId, status: moved.status };
  }
}
