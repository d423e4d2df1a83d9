import type { PhoneValidationStatus, TokenRole } from '@tt/protocol';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;

/** What is wrong with a new password, or null when it is acceptable (client and server share it). */
export function passwordProblem(password: string, previous?: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  }
  if (previous !== undefined && previous === password) {
    return 'New password must be different from your previous password.';
  }
  return null;
}

/** Spec §6: a token is user-type when its decoded type is user. */
export function isUserToken(decoded: { type?: unknown } | null | undefined): boolean {
  return decoded?.type === 'user';
}

/** Spec §5: only real, non-VoIP mobile numbers may log in. */
export function mayLogInWithPhone(status: PhoneValidationStatus): boolean {
  return status === 'VALID';
}

/** Roles that see moderator tools across the whole platform. */
export function isGlobalModerator(roles: readonly TokenRole[]): boolean {
  return roles.some(
    (r) => r === 'superUser' || r === 'admin' || r === 'globalModerator' || r === 'moderator',
  );
}

/**
 * The target of a magic link (`/magic-link/{token}/{encoded target}`) after decoding: only a
 * same-origin path is followed; anything else (another host, a protocol, garbage) goes home.
 */
export function safeRedirectTarget(encoded: string | undefined | null): string {
  if (!encoded) return '/';
  let target: string;
  try {
    target = decodeURIComponent(encoded);
  } catch {
    return '/';
  }
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  if ([...target].some((ch) => ch.charCodeAt(0) < 0x20)) return '/';
  return target;
}
