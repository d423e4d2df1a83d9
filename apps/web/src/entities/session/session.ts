import { ApiError } from '@tt/api-client';
import { authEndpoints } from '@tt/protocol';
import { api } from '../../lib/api';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../lib/session';
import { banOf, useBanNotice } from './ban';

let guestRequest: Promise<void> | null = null;

/** Fetches a guest token (GET /auth/guest) so a visitor without an account can browse. */
export function startGuestSession(): Promise<void> {
  guestRequest ??= api
    .call(authEndpoints.guest, {}, { token: null })
    .then(
      (r) => {
        if (!useSession.getState().accessToken) useSession.getState().setGuest(r.accessToken);
      },
      () => useSession.getState().setGuest(null),
    )
    .finally(() => {
      guestRequest = null;
    });
  return guestRequest;
}

let booted = false;

/**
 * Settles the session at start: without a stored token, tokens are cleared and a guest
 * token is fetched; a stored token that the server no longer accepts is dropped the same way.
 */
export async function bootstrapSession(): Promise<void> {
  if (booted) return;
  booted = true;
  const { accessToken, clear, markReady } = useSession.getState();
  if (!accessToken) {
    clear();
    await startGuestSession();
    return;
  }
  markReady();
  try {
    const session = await api.call(authEndpoints.session, {});
    if (session.isGuest) await dropToGuest();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) await dropToGuest(err);
  }
}

/** Drops the user's token; a ban that ended the session is told (SEC-SESSION-3). */
async function dropToGuest(err?: unknown): Promise<void> {
  const ban = banOf(err);
  if (ban) useBanNotice.getState().show(ban);
  useSession.getState().clear();
  queryClient.clear();
  await startGuestSession();
}

/** Stores a fresh access token (after sign-up, login, magic link, phone or password reset). */
export function signIn(accessToken: string): void {
  useSession.getState().signIn(accessToken);
  queryClient.clear();
}

/** Log out: forget the token and every cached answer, and browse on as a guest. */
export function signOut(): void {
  useSession.getState().clear();
  queryClient.clear();
  void startGuestSession();
}

/** A user call answered 401 (expired or revoked token): drop to guest browsing. */
export function handleUnauthorized(err: unknown): void {
  if (err instanceof ApiError && err.status === 401 && useSession.getState().accessToken) {
    void dropToGuest(err);
  }
}

/**
 * Asks whether the session still holds (after a kick from a room, which a ban also sends): an
 * ended one is dropped, and a ban told, at once rather than at the next call.
 */
export function checkSession(): void {
  if (!useSession.getState().accessToken) return;
  api
    .call(authEndpoints.session, {})
    .then((s) => (s.isGuest ? dropToGuest() : undefined), handleUnauthorized);
}
