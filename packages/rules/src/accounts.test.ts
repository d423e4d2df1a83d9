import { describe, expect, it } from 'vitest';
import {
  isGlobalModerator,
  isUserToken,
  mayLogInWithPhone,
  passwordProblem,
  safeRedirectTarget,
} from './accounts';

describe('passwordProblem', () => {
  it('accepts 8 to 200 characters that differ from the previous one', () => {
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('1234567')).toMatch(/at least 8/);
    expect(passwordProblem('x'.repeat(201))).toMatch(/at most 200/);
    expect(passwordProblem('same-password', 'same-password')).toBe(
      'New password must be different from your previous password.',
    );
  });
});

describe('isUserToken', () => {
  it('is true only for decoded type user', () => {
    expect(isUserToken({ type: 'user' })).toBe(true);
    expect(isUserToken({ type: 'guest' })).toBe(false);
    expect(isUserToken({ type: 'bot' })).toBe(false);
    expect(isUserToken(null)).toBe(false);
  });
});

describe('mayLogInWithPhone', () => {
  it('allows only VALID (real, non-VoIP mobile) numbers', () => {
    expect(mayLogInWithPhone('VALID')).toBe(true);
    expect(mayLogInWithPhone('VOIP')).toBe(false);
    expect(mayLogInWithPhone('INVALID')).toBe(false);
    expect(mayLogInWithPhone('VALIDATION_ERROR')).toBe(false);
  });
});

describe('isGlobalModerator', () => {
  it('recognises moderator-level roles only', () => {
    expect(isGlobalModerator(['user', 'moderator'])).toBe(true);
    expect(isGlobalModerator(['admin'])).toBe(true);
    expect(isGlobalModerator(['user', 'staff', 'promoter'])).toBe(false);
    expect(isGlobalModerator(['guest'])).toBe(false);
  });
});

describe('safeRedirectTarget', () => {
  it('follows same-origin paths only', () => {
    expect(safeRedirectTarget(encodeURIComponent('/settings/profile?tab=1'))).toBe(
      '/settings/profile?tab=1',
    );
    expect(safeRedirectTarget(encodeURIComponent('https://evil.example/x'))).toBe('/');
    expect(safeRedirectTarget(encodeURIComponent('//evil.example/x'))).toBe('/');
    expect(safeRedirectTarget(encodeURIComponent('/\\evil.example'))).toBe('/');
    expect(safeRedirectTarget('%E0%A4%A')).toBe('/');
    expect(safeRedirectTarget(undefined)).toBe('/');
  });
});
