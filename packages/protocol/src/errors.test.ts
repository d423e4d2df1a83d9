import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors';
import { ACCOUNT_ERRORS } from './errors-accounts';
import { ROOM_ERRORS } from './errors-rooms';
import { SOCIAL_ERRORS } from './errors-social';

describe('the error table', () => {
  it('holds every code of its three parts, none of them in two parts (one would hide the other)', () => {
    const parts = [ACCOUNT_ERRORS, ROOM_ERRORS, SOCIAL_ERRORS].map((p) => Object.keys(p));
    const all = parts.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(Object.keys(ERRORS).sort()).toEqual([...all].sort());
  });

  it('gives every code a status of 4xx or 5xx and a message', () => {
    for (const [code, { status, message }] of Object.entries(ERRORS)) {
      expect(status, code).toBeGreaterThanOrEqual(400);
      expect(status, code).toBeLessThan(600);
      expect(message.length, code).toBeGreaterThan(0);
    }
  });
});
