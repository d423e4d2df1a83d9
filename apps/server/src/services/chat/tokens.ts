import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { CHAT_APP_ID, type ChatTokenDto, type TokenRole } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { chatTokens, type ChatTokenRow } from './schema';

/** Live tokens one uid keeps; issuing one more drops the oldest. */
export const MAX_CHAT_TOKENS_PER_UID = 20;

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * CHAT-TOKEN-1..3: chat tokens are random (256 bits), opaque and stored only as their SHA-256;
 * user tokens read and write, ghost tokens (guests) only read. They are not session tokens: no
 * other route accepts them.
 */
export class ChatTokens {
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
      await this.db.delete(chatTokens).where(
        inArray(
          chatTokens.tokenHash,
          extra.map((r) => r.tokenHash),
        ),
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
    const [row] = await this.db
      .select()
      .from(chatTokens)
      .where(and(eq(chatTokens.tokenHash, hash(token)), gt(chatTokens.expiresAt, new Date())));
    return row ?? null;
  }

  /** CHAT-TOKEN-3: kick, ban, deactivation and password changes end the account's chat tokens. */
  async revoke(uid: string): Promise<void> {
    await this.db.delete(chatTokens).where(eq(chatTokens.uid, uid));
  }

  /** The account's roles changed: its tokens carry the new ones. */
  async setRoles(uid: string, roles: TokenRole[]): Promise<void> {
    await this.db
      .update(chatTokens)
      .set({ roles })
      .where(and(eq(chatTokens.uid, uid), eq(chatTokens.kind, 'user')));
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
