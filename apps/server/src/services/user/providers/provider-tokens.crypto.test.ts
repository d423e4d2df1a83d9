import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenCipher } from './provider-tokens.crypto';

let dataDir: string;
beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-cipher-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

const SECRET = 'a-secret-of-at-least-thirty-two-characters';

describe('TokenCipher', () => {
  it('round-trips a value for the same context, with a fresh IV each time', () => {
    const c = TokenCipher.fromSecret(SECRET);
    const a = c.encrypt('refresh-token-value', '7:spotify:refresh');
    const b = c.encrypt('refresh-token-value', '7:spotify:refresh');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('refresh-token-value');
    expect(c.decrypt(a, '7:spotify:refresh')).toBe('refresh-token-value');
    expect(c.decrypt(b, '7:spotify:refresh')).toBe('refresh-token-value');
  });

  it('refuses another context, a changed byte, another key and foreign text', () => {
    const c = TokenCipher.fromSecret(SECRET);
    const stored = c.encrypt('token', '7:spotify:access');
    expect(c.decrypt(stored, '8:spotify:access')).toBeNull();
    expect(c.decrypt(stored, '7:spotify:refresh')).toBeNull();
    const raw = Buffer.from(stored.slice(3), 'base64');
    raw[raw.length - 1] ^= 0x01;
    expect(c.decrypt(`v1:${raw.toString('base64')}`, '7:spotify:access')).toBeNull();
    expect(TokenCipher.fromSecret(`${SECRET}!`).decrypt(stored, '7:spotify:access')).toBeNull();
    expect(c.decrypt('plain-token', '7:spotify:access')).toBeNull();
    expect(c.decrypt('v1:AAAA', '7:spotify:access')).toBeNull();
  });

  it('derives the same key from the same PROVIDER_TOKEN_KEY', async () => {
    const a = await TokenCipher.create({ PROVIDER_TOKEN_KEY: SECRET, dataDir });
    const b = await TokenCipher.create({ PROVIDER_TOKEN_KEY: SECRET, dataDir });
    expect(b.decrypt(a.encrypt('x', 'ctx'), 'ctx')).toBe('x');
    await expect(fs.stat(path.join(dataDir, 'keys', 'provider-tokens.key'))).rejects.toThrow();
  });

  it('generates DATA_DIR/keys/provider-tokens.key (mode 600) once and reuses it', async () => {
    const a = await TokenCipher.create({ PROVIDER_TOKEN_KEY: undefined, dataDir });
    const file = path.join(dataDir, 'keys', 'provider-tokens.key');
    const stat = await fs.stat(file);
    expect(stat.mode & 0o777).toBe(0o600);
    expect(Buffer.from((await fs.readFile(file, 'utf8')).trim(), 'base64')).toHaveLength(32);
    const b = await TokenCipher.create({ PROVIDER_TOKEN_KEY: undefined, dataDir });
    expect(b.decrypt(a.encrypt('y', 'ctx'), 'ctx')).toBe('y');
  });

  it('refuses a key file that does not hold 32 bytes', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-cipher-bad-'));
    await fs.mkdir(path.join(dir, 'keys'));
    await fs.writeFile(path.join(dir, 'keys', 'provider-tokens.key'), 'c2hvcnQ=\n');
    await expect(
      TokenCipher.create({ PROVIDER_TOKEN_KEY: undefined, dataDir: dir }),
    ).rejects.toThrow(/32-byte key/);
    await fs.rm(dir, { recursive: true, force: true });
  });
});
