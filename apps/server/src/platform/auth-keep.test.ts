import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { TokenService } from './auth';
import { loadConfig } from './config';
import { AppError } from './errors';

// SEC-TOKEN-KEEP-1: a signature checked once is remembered for the HTTP routes; the expiry, the
// whole token and the session checks are still judged on every request.
describe('SEC-TOKEN-KEEP-1: remembered tokens', () => {
  let dir: string;
  let tokens: TokenService;
  let banned = false;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-token-keep-'));
    tokens = await TokenService.create(loadConfig({ DATA_DIR: dir }));
    tokens.addSessionCheck(async () => {
      if (banned) throw new AppError(401, 'BANNED', 'banned');
    });
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  afterEach(() => {
    vi.useRealTimers();
    banned = false;
  });

  const status = (p: Promise<unknown>) =>
    p.then(
      () => 200,
      (err: unknown) => (err instanceof AppError ? err.status : 500),
    );

  it('a remembered token still ends at its expiry', async () => {
    const token = await tokens.sign({ uuid: crypto.randomUUID(), roles: ['user'], ttlSeconds: 60 });
    expect((await tokens.verify(token, true)).uuid).toBeTruthy();
    expect(await status(tokens.verify(token, true))).toBe(200);
    const later = Date.now() + 61_000;
    // jose reads the time through `new Date()`, so the clock itself is moved.
    vi.useFakeTimers({ now: later, toFake: ['Date'] });
    expect(await status(tokens.verify(token, true))).toBe(401);
  });

  it('another payload beside a remembered signature is refused', async () => {
    const token = await tokens.sign({ uuid: crypto.randomUUID(), roles: ['user'] });
    await tokens.verify(token, true);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, roles: ['admin'], tokenRole: 'admin' }));
    const tampered = `${header}.${forged.toString('base64url')}.${signature}`;
    expect(await status(tokens.verify(tampered, true))).toBe(401);
    expect(await status(tokens.verify(token, true))).toBe(200);
  });

  it('the session checks run for a remembered token', async () => {
    const token = await tokens.sign({ uuid: crypto.randomUUID(), roles: ['user'] });
    expect(await status(tokens.verify(token, true))).toBe(200);
    banned = true;
    expect(await status(tokens.verify(token, true))).toBe(401);
  });
});
