import type { PhoneValidationStatus } from '@tt/protocol';

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

/** A token is user-type when its decoded type is user (not a guest or a bot). */
export function isUserToken(decoded: { type?: unknown } | null | undefined): boolean {
  return decoded?.type === 'user';
}

/**
 * Only numbers the phone validation finds to be real, non-VoIP mobiles may log in (the phone
 * whitelist of PHONE-WHITELIST-1 lets others in).
 */
export function mayLogInWithPhone(status: PhoneValidationStatus): boolean {
  return status === 'VALID';
}

/**
 * Where a link may send the user after logging in — the target of a magic link
 * (`/magic-link/{token}/{encoded target}`) or a login `?next=`: only same-origin relative paths
 * ("/settings/profile?x=1#y"). Anything else (absolute URLs, protocol-relative "//host",
 * backslash tricks, javascript:, control characters) answers "/".
 */
export function safeRedirectTarget(target: string | null | undefined): string {
  if (!target) return '/';
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    decoded = target;
  }
  if (!decoded.startsWith('/') || decoded.startsWith('//') || decoded.includes('\\')) return '/';
  if ([...decoded].some((ch) => ch.charCodeAt(0) < 0x20)) return '/';
  const origin = 'http://same-origin.invalid';
  try {
    const url = new URL(decoded, origin);
    if (url.origin !== origin) return '/';
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return '/';
  }
}
