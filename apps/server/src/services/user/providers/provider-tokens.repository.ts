import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index';
import type { TokenCipher } from './provider-tokens.crypto';
import { providerTokens, type ProviderConnection } from '../schema';

/** A connection as kept, tokens decrypted. */
export interface StoredConnection {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string | null;
  updatedAt: Date;
}

export interface SaveConnection {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  scope: string | null;
}

/** SQL for provider_tokens; tokens are encrypted on the way in and decrypted on the way out. */
export class ProviderTokensRepository {
  constructor(
    private readonly db: Db,
    private readonly cipher: TokenCipher,
  ) {}

  private context(userId: number, provider: ProviderConnection, field: 'access' | 'refresh') {
    return `${userId}:${provider}:${field}`;
  }

  /**
   * The user's connection, or null. A row whose tokens no longer decrypt (the key changed)
   * counts as no connection: the person connects again.
   */
  async get(userId: number, provider: ProviderConnection): Promise<StoredConnection | null> {
    const [row] = await this.db
      .select()
      .from(providerTokens)
      .where(and(eq(providerTokens.userId, userId), eq(providerTokens.provider, provider)));
    if (!row) return null;
    const accessToken = this.cipher.decrypt(
      row.accessToken,
      this.context(userId, provider, 'access'),
    );
    if (accessToken === null) return null;
    const refreshToken = row.refreshToken
      ? this.cipher.decrypt(row.refreshToken, this.context(userId, provider, 'refresh'))
      : null;
    return {
      accessToken,
      refreshToken,
      expiresAt: row.expiresAt,
      scope: row.scope,
      updatedAt: row.updatedAt,
    };
  }

  /** Creates or replaces the user's connection to `provider`. */
  async save(userId: number, provider: ProviderConnection, c: SaveConnection): Promise<Date> {
    const now = new Date();
    const values = {
      accessToken: this.cipher.encrypt(c.accessToken, this.context(userId, provider, 'access')),
      refreshToken: c.refreshToken
        ? this.cipher.encrypt(c.refreshToken, this.context(userId, provider, 'refresh'))
        : null,
      expiresAt: c.expiresAt,
      scope: c.scope,
      updatedAt: now,
    };
    await this.db
      .insert(providerTokens)
      .values({ userId, provider, ...values })
      .onConflictDoUpdate({
        target: [providerTokens.userId, providerTokens.provider],
        set: values,
      });
    return now;
  }

  /** Forgets the connection; true when there was one. */
  async delete(userId: number, provider: ProviderConnection): Promise<boolean> {
    const rows = await this.db
      .delete(providerTokens)
      .where(and(eq(providerTokens.userId, userId), eq(providerTokens.provider, provider)))
      .returning({ id: providerTokens.id });
    return rows.length > 0;
  }

  /** When each of the user's connections was last saved (without decrypting anything). */
  async savedAt(userId: number): Promise<Map<ProviderConnection, Date>> {
    const rows = await this.db
      .select({ provider: providerTokens.provider, updatedAt: providerTokens.updatedAt })
      .from(providerTokens)
      .where(eq(providerTokens.userId, userId));
    return new Map(rows.map((r) => [r.provider, r.updatedAt]));
  }
}
