import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import { CHAT_APP_ID, type ChatTokenDto, type TokenRole } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { chatTokens, type ChatTokenRow } from './schema';

/** Live tokens one uid keeps; issuing one more drops the oldest. */
export const MAX_CHAT_TOKENS_PER_UID = 20;

/** How long a verified token is trusted without a lookup; and how many are kept. */
const TOKEN_CACHE_MS = 15_000;
const TOKEN_CACHE_MAX = 20_000;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * CHAT-TOKEN-1..3: chat tokens are random (256 bits), opaque and stored only as their SHA-256;
 * user tokens read and write, ghost tokens (guests) only read. They are not session tokens: no
 * other route accepts them.
 */
export class ChatTokens {
  /**
   * Verified tokens, kept briefly so a busy sender costs no lookup per message. Whatever ends or
   * changes a token here (revoke, setRoles, a token pushed out) drops its entries at once.
   */
  private readonly cache = new Map<string, { row: ChatTokenRow; at: number }>();
  /**
   * Counts what ended or changed tokens. A lookup caches its row only when nothing did so while
   * it read: a read that began before a revoke must not put the revoked row back for the cache's
   * lifetime.
   */
  private changes = 0;

  constructor(
    private readonly db: Db,
    private readonly ttl: { user: number; ghost: number },
  ) {}

  async issue(uid: string, kind: 'user' | 'ghost', roles: TokenRole[]): Promise<ChatTokenDto> {
    const token = `${kind === 'ghost' ? 'ttg' : 'ttc'}_${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(
      Date.now() + (kind === 'ghost' ? this.ttl.ghost : this.ttl.user) * 1000,
    );
    await this.db.delete(chatTokens).where(lte(chatTokens.expiresAt, new Date()));
    await this.db.insert(chatTokens).values({
      tokenHash: hash(token),
      uid,
      kind,
      roles: kind === 'ghost' ? [] : roles,
      expiresAt,
    });
    const kept = await this.db
      .select({ tokenHash: chatTokens.tokenHash })
      .from(chatTokens)
      .where(eq(chatTokens.uid, uid))
      .orderBy(asc(chatTokens.createdAt));
    const extra = kept.slice(0, Math.max(0, kept.length - MAX_CHAT_TOKENS_PER_UID));
    if (extra.length) {
      const pushedOut = new Set(extra.map((r) => r.tokenHash));
      await this.changing(
        (row) => pushedOut.has(row.tokenHash),
        () => this.db.delete(chatTokens).where(inArray(chatTokens.tokenHash, [...pushedOut])),
      );
    }
    return {
      uid,
      authToken: token,
      appId: CHAT_APP_ID,
      readOnly: kind === 'ghost',
      expiresAt: expiresAt.toISOString(),
    };
  }

  /** The live token row, or null (unknown, expired or revoked). */
  async verify(token: string): Promise<ChatTokenRow | null> {
    if (token.length < 10 || token.length > 200) return null;
    const key = hash(token);
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && now - hit.at < TOKEN_CACHE_MS && hit.row.expiresAt.getTime() > now) return hit.row;
    const changesBefore = this.changes;
    const [row] = await this.db
      .select()
      .from(chatTokens)
      .where(and(eq(chatTokens.tokenHash, key), gt(chatTokens.expiresAt, new Date())));
    if (!row) return null;
    if (changesBefore !== this.changes) return row; // this request began before the change
    if (this.cache.size >= TOKEN_CACHE_MAX) this.cache.clear();
    this.cache.set(key, { row, at: now });
    return row;
  }

  /**
   * Changes tokens in the database, dropping the cached rows `cached` picks before and after the
   * write; a lookup overlapping it does not cache what it read (see `changes`).
   */
  private async changing(cached: (row: ChatTokenRow) => boolean, write: () => Promise<unknown>) {
    const drop = () => {
      this.changes++;
      for (const [key, entry] of this.cache) if (cached(entry.row)) this.cache.delete(key);
    };
    drop();
    await write();
    drop();
  }

  /**
   * CHAT-TOKEN-3: kick, ban, deactivation and password changes end the account's chat tokens —
   * those issued up to `before` (the change's time, to the millisecond) when given, so a revoke
   * delivered late, or twice, leaves the tokens of a later sign-in alone.
   */
  async revoke(uid: string, before?: Date): Promise<void> {
    const issued = before
      ? and(eq(chatTokens.uid, uid), lt(chatTokens.createdAt, new Date(before.getTime() + 1)))
      : eq(chatTokens.uid, uid);
    await this.changing(
      (row) => row.uid === uid,
      () => this.db.delete(chatTokens).where(issued),
    );
  }

  /**
   * Another process changed this account's tokens: drops what this one cached of them, and a
   * lookup overlapping the drop does not cache what it read.
   */
  forget(uid: string): void {
    this.changes++;
    for (const [key, entry] of this.cache) if (entry.row.uid === uid) this.cache.delete(key);
  }

  /** The account's roles changed: its tokens carry the new ones. */
  async setRoles(uid: string, roles: TokenRole[]): Promise<void> {
    await this.changing(
      (row) => row.uid === uid,
      () =>
        this.db
          .update(chatTokens)
          .set({ roles })
          .where(and(eq(chatTokens.uid, uid), eq(chatTokens.kind, 'user'))),
    );
  }

  /** Live tokens of a uid (tests and pruning). */
  async count(uid: string): Promise<number> {
    const [r] = await this.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(chatTokens)
      .where(eq(chatTokens.uid, uid));
    return r?.n ?? 0;
  }
}
