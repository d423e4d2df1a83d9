import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { songHlsPaths, type SongHlsKeyQuery } from '@tt/protocol';
import { can } from '@tt/rules';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { dataDirSecret } from '../../platform/secrets';
import type { Platform } from '../../platform/service';
import type { SongRow } from './repository';

/** Staff may hear any upload (moderation): these roles, from the token. */
/** A song that ended (or changed) less than this ago still counts as playing in its room. */
export const LISTEN_GRACE_MS = 60_000;
const HOUR = 3600;

/** The secret key URLs are signed with: HLS_KEY_URL_SECRET, else DATA_DIR/keys/hls-key-url.key. */
async function loadSecret(config: Platform['config']): Promise<Buffer> {
  if (config.HLS_KEY_URL_SECRET) return Buffer.from(config.HLS_KEY_URL_SECRET, 'utf8');
  const secret = await dataDirSecret(config.dataDir, 'hls-key-url.key', () =>
    randomBytes(32).toString('base64'),
  );
  return Buffer.from(secret, 'base64');
}

/**
 * Who may have the AES key of an upload's HLS rendition, and the signed key URLs that carry it.
 *
 * SEC-HLS-KEY-1: the key is served only through a URL signed for one caller (HMAC-SHA256 over
 * song, user uuid and expiry, HLS_KEY_URL_TTL), written into the playlist that caller fetched
 * with their token; the key route checks the signature against the token's user.
 * SEC-HLS-KEY-2: a user gets a signed URL as staff, as the song's uploader, or as a listener of a
 * live room where it plays now, ended within LISTEN_GRACE_MS, or is a DJ's next song (the DJ who
 * chose it is in that room) — learnt from the realtime layer through ports.listening.
 * SEC-HLS-KEY-4: a signed URL also names its user (uid) and works without a token: a phone's
 * native player (AVPlayer) does not promise to send the source's headers with key requests.
 * LIVE-LISTEN-1: a guest in such a live room gets the same signed URL, and spends no preview:
 * what previews protect is a full track on demand, not what a room plays to everyone in it.
 * SEC-HLS-KEY-3: anyone else previews (a full track on demand, outside a room playing it): a guest at most GUEST_PREVIEW_SONGS different songs per
 * guest token (its lifetime, GUEST_TOKEN_TTL), a user USER_PREVIEW_SONGS_PER_HOUR per hour.
 */
export class HlsKeyAccess {
  private secret?: Promise<Buffer>;

  constructor(private readonly platform: Platform) {}

  private key(): Promise<Buffer> {
    this.secret ??= loadSecret(this.platform.config);
    return this.secret;
  }

  private async sign(shortId: string, uuid: string, exp: number): Promise<string> {
    return createHmac('sha256', await this.key())
      .update(`hls-key|${shortId}|${uuid}|${exp}`)
      .digest('base64url');
  }

  /** The key URL of this song, signed for this user, working for HLS_KEY_URL_TTL. */
  async keyUrl(shortId: string, uuid: string): Promise<string> {
    const exp = Math.floor(Date.now() / 1000) + this.platform.config.HLS_KEY_URL_TTL;
    const sig = await this.sign(shortId, uuid, exp);
    return `${songHlsPaths.key(shortId)}&exp=${exp}&sig=${sig}&uid=${encodeURIComponent(uuid)}`;
  }

  /**
   * Throws HLS_KEY_FORBIDDEN (or HLS_PREVIEW_LIMIT) unless the URL was signed for this caller:
   * the token's user, or without a token (SEC-HLS-KEY-4) the user the URL names.
   */
  async check(auth: AuthContext | null, query: SongHlsKeyQuery): Promise<void> {
    const signedFor = auth?.uuid ?? query.uid;
    if (!auth && !(query.uid && query.sig)) throw fail('UNAUTHORIZED');
    const sameUser = !auth || query.uid === undefined || query.uid === auth.uuid;
    if (signedFor && sameUser && query.exp !== undefined && query.sig) {
      if (query.exp >= Date.now() / 1000) {
        const expected = Buffer.from(await this.sign(query.songId, signedFor, query.exp));
        const given = Buffer.from(query.sig);
        if (given.length === expected.length && timingSafeEqual(given, expected)) return;
      }
    }
    if (auth?.isGuest && (await this.previewsUsed(auth)) >= this.limits(auth).songs) {
      throw this.previewLimit();
    }
    throw fail('HLS_KEY_FORBIDDEN');
  }

  /** May this caller hear the song (and so get a signed key URL)? A preview is counted here. */
  async mayHear(auth: AuthContext, row: SongRow): Promise<boolean> {
    if (!auth.isGuest) {
      if (can(auth, 'song.key.any')) return true;
      if (row.uploadedBy !== null && row.uploadedBy === auth.uuid) return true;
    }
    // LIVE-LISTEN-1: listening along in a live room is no preview, for guests as for users.
    const listening = this.platform.ports.listening;
    if (listening?.isListening(auth.uuid, row.shortId, LISTEN_GRACE_MS)) return true;
    return this.preview(auth, row.shortId);
  }

  private limits(auth: AuthContext): { songs: number; windowSeconds: number } {
    const c = this.platform.config;
    return auth.isGuest
      ? { songs: c.GUEST_PREVIEW_SONGS, windowSeconds: c.GUEST_TOKEN_TTL }
      : { songs: c.USER_PREVIEW_SONGS_PER_HOUR, windowSeconds: HOUR };
  }

  private previewsUsed(auth: AuthContext): Promise<number> {
    return this.platform.counters.get(`hls-previews:${auth.uuid}`);
  }

  private previewLimit() {
    const n = this.platform.config.GUEST_PREVIEW_SONGS;
    return fail(
      'HLS_PREVIEW_LIMIT',
      `Guests may hear ${n} ${n === 1 ? 'song' : 'songs'}: sign up or log in to keep listening.`,
    );
  }

  /** Counts a preview of a different song; the same song again is free. False past the limit. */
  private async preview(auth: AuthContext, shortId: string): Promise<boolean> {
    const { songs, windowSeconds } = this.limits(auth);
    if (songs <= 0) return false;
    const counters = this.platform.counters;
    const marker = `hls-preview:${auth.uuid}:${shortId}`;
    if ((await counters.hit(marker, windowSeconds)) > 1) return true;
    if ((await counters.hit(`hls-previews:${auth.uuid}`, windowSeconds)) <= songs) return true;
    await counters.reset(marker);
    return false;
  }
}
