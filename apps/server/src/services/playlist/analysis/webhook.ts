import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index';
import { fail } from '../../../platform/errors';
import type { Platform } from '../../../platform/service';
import { trackAnalyses } from './schema';

/** ANALYSIS-1: a track queued for analysis is not asked about again for this long without news. */
const WAIT_MS = 24 * 60 * 60 * 1000;

export type AnalysisState = 'waiting' | 'finished' | 'failed' | 'unknown';

/** What we know of the analysis of each Spotify track (ANALYSIS-1..3 in docs/MUSIC-RULES.md). */
export class TrackAnalyses {
  constructor(private readonly db: Db) {}

  async state(spotifyId: string, now = Date.now()): Promise<AnalysisState> {
    const [row] = await this.db
      .select()
      .from(trackAnalyses)
      .where(eq(trackAnalyses.spotifyId, spotifyId));
    if (!row) return 'unknown';
    if (row.status === 'enqueued') {
      return now - row.updatedAt.getTime() < WAIT_MS ? 'waiting' : 'unknown';
    }
    return row.status === 'failed' ? 'failed' : 'finished';
  }

  async set(spotifyId: string, status: 'enqueued' | 'finished' | 'failed', eventType?: string) {
    const values = { status, eventType: eventType ?? null, updatedAt: new Date() };
    await this.db
      .insert(trackAnalyses)
      .values({ spotifyId, ...values })
      .onConflictDoUpdate({ target: trackAnalyses.spotifyId, set: values });
  }
}

interface AnalysisEvent {
  type?: unknown;
  resource?: { id?: unknown; type?: unknown };
  event?: { type?: unknown; status?: unknown };
}

/**
 * POST /cyanite/webhook (ANALYSIS-2): the music-analysis service tells us an analysis finished
 * or failed. The `Signature` header is the hex HMAC-SHA512 of the exact body under
 * MUSIC_ANALYSIS_WEBHOOK_SECRET; anything else is refused. A `TEST` event is acknowledged.
 */
export class AnalysisWebhook {
  constructor(
    private readonly platform: Platform,
    private readonly analyses: TrackAnalyses,
  ) {}

  async receive(raw: string | undefined, signature: string | undefined) {
    const secret = this.platform.config.MUSIC_ANALYSIS_WEBHOOK_SECRET;
    if (!secret) throw fail('ANALYSIS_WEBHOOK_NOT_CONFIGURED');
    if (!raw || !signature || !/^[0-9a-f]{128}$/i.test(signature.trim())) {
      throw fail('WEBHOOK_SIGNATURE_INVALID');
    }
    const expected = createHmac('sha512', secret).update(raw).digest();
    if (!timingSafeEqual(expected, Buffer.from(signature.trim(), 'hex'))) {
      throw fail('WEBHOOK_SIGNATURE_INVALID');
    }
    let body: AnalysisEvent;
    try {
      body = JSON.parse(raw) as AnalysisEvent;
    } catch {
      throw fail('BAD_REQUEST', 'The body is not JSON.');
    }
    if (body?.type === 'TEST') return { received: true };
    const id = body?.resource?.id;
    const status = body?.event?.status;
    if (
      body?.resource?.type === 'SpotifyTrack' &&
      typeof id === 'string' &&
      /^[A-Za-z0-9]{22}$/.test(id) &&
      (status === 'finished' || status === 'failed')
    ) {
      const type = typeof body.event?.type === 'string' ? body.event.type : undefined;
      await this.analyses.set(id, status, type);
    }
    return { received: true };
  }
}
