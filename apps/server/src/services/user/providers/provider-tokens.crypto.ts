import path from 'node:path';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Config } from '../../../platform/config';
import { dataDirSecret } from '../../../platform/secrets';

/**
 * AES-256-GCM for music-provider tokens at rest. The key comes from PROVIDER_TOKEN_KEY (any
 * secret of 32+ characters, stretched with HKDF-SHA256) or, when unset, from
 * DATA_DIR/keys/provider-tokens.key, generated on first start like the JWT keys. Every value
 * is bound to its row and field through the additional authenticated data, so a ciphertext
 * copied to another user or column does not decrypt.
 *
 * Stored form: `v1:` + base64(iv[12] ‖ tag[16] ‖ ciphertext).
 */
export class TokenCipher {
  private constructor(private readonly key: Buffer) {}

  static fromSecret(secret: string): TokenCipher {
    const key = hkdfSync('sha256', secret, 'turntable-live', 'provider-tokens v1', 32);
    return new TokenCipher(Buffer.from(key));
  }

  /** The configured secret, or the key file of DATA_DIR/keys (created when missing). */
  static async create(config: Pick<Config, 'PROVIDER_TOKEN_KEY' | 'dataDir'>) {
    if (config.PROVIDER_TOKEN_KEY) return TokenCipher.fromSecret(config.PROVIDER_TOKEN_KEY);
    // 'wx' inside: when two instances start at once, the second keeps the first one's key.
    const encoded = await dataDirSecret(config.dataDir, 'provider-tokens.key', () =>
      randomBytes(32).toString('base64'),
    );
    const key = Buffer.from(encoded, 'base64');
    if (key.length !== 32) {
      const file = path.join(config.dataDir, 'keys', 'provider-tokens.key');
      throw new Error(`${file} does not hold a base64 32-byte key`);
    }
    return new TokenCipher(key);
  }

  encrypt(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** The plain text, or null when the value was not made by this key for this context. */
  decrypt(stored: string, context: string): string | null {
    if (!stored.startsWith('v1:')) return null;
    const raw = Buffer.from(stored.slice(3), 'base64');
    if (raw.length < 28) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
