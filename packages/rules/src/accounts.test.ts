import { describe, expect, it } from 'vitest';
import { isUserToken, mayLogInWithPhone, passwordProblem, safeRedirectTarget } from './accounts';

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

describe('safeRedirectTarget (magic-link and login redirects)', () => {
  it('keeps same-origin relative paths with query and hash', () => {
    expect(safeRedirectTarget('/settings/profile')).toBe('/settings/profile');
    expect(safeRedirectTarget(encodeURIComponent('/settings/profile?tab=1'))).toBe(
      '/settings/profile?tab=1',
    );
    expect(safeRedirectTarget('%2Fprofile%2Fabc%3Ftab%3D1%23top')).toBe('/profile/abc?tab=1#top');
  });

  it('sends everything else home', () => {
    for (const bad of [
      '',
      null,
      undefined,
      'https://evil.example/x',
      encodeURIComponent('https://evil.example/x'),
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      'settings',
      '%E0%A4%A',
      encodeURIComponent('/a\nb'),
    ]) {
      expect(safeRedirectTarget(bad)).toBe('/');
    }
  });
});
