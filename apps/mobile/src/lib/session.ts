import { useSyncExternalStore } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '@tt/api-client';
import { authEndpoints, profileEndpoints } from '@tt/protocol';
import { api } from './api';
import { queryClient } from './queryClient';
import { onRefusal } from './refusals';
import { loadToken, saveToken, setGuestToken } from './token';

/** Who holds the token: its uuid and roles as the token says (not verified here; the server does). */
export interface DecodedToken {
  uuid: string;
  roles: string[];
}

/** The signed-in state: nobody, a guest (listen-only, the preview rules), or a user. */
export type Session =
  | { kind: 'signedOut' }
  | ({ kind: 'guest'; token: string } & DecodedToken)
  | ({ kind: 'user'; token: string } & DecodedToken);

/** Reads a JWT's payload (uuid or sub, roles); null when it is not one. */
export function decodeToken(token: string): (DecodedToken & { isGuest: boolean }) | null {
  try {
    const part = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    const p = JSON.parse(atob(part)) as {
      uuid?: string;
      sub?: string;
      roles?: unknown;
      type?: string;
    };
    const uuid = p.uuid ?? p.sub;
    if (!uuid) return null;
    const roles = Array.isArray(p.roles) ? p.roles.map(String) : [];
    const isGuest = p.type === 'guest' || (roles.length === 1 && roles[0] === 'guest');
    return { uuid, roles, isGuest };
  } catch {
    return null;
  }
}

let state: Session = { kind: 'signedOut' };
const listeners = new Set<() => void>();

function set(next: Session): void {
  state = next;
  listeners.forEach((l) => l());
}

function sessionOf(token: string | null, guest: boolean): Session {
  const decoded = token ? decodeToken(token) : null;
  if (!token || !decoded) return { kind: 'signedOut' };
  return { kind: guest ? 'guest' : 'user', token, uuid: decoded.uuid, roles: decoded.roles };
}

export const getSession = (): Session => state;

let booted = false;

/** The first subscriber settles the session (bootstrapSession) once. */
export function subscribeSession(listener: () => void): () => void {
  if (!booted) {
    booted = true;
    void bootstrapSession();
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, re-rendering on every sign-in and sign-out. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export const ownProfileKey = ['me'] as const;

/** My own profile (GET /users/profile), as the web's useOwnProfile; only for signed-in users. */
export function useMe() {
  const session = useSession();
  return useQuery({
    queryKey: [...ownProfileKey, session.kind === 'user' ? session.uuid : null],
    queryFn: () => api.call(profileEndpoints.ownProfile, {}),
    enabled: session.kind === 'user',
  });
}

let guestRequest: Promise<void> | null = null;

/** A guest token (GET /auth/guest), kept in memory, so a visitor can listen within the preview. */
export function startGuestSession(): Promise<void> {
  guestRequest ??= api
    .call(authEndpoints.guest, {}, { token: null })
    .then(
      ({ accessToken }) => {
        if (state.kind === 'user') return;
        setGuestToken(accessToken);
        set(sessionOf(accessToken, true));
      },
      () => undefined,
    )
    .finally(() => {
      guestRequest = null;
    });
  return guestRequest;
}

/**
 * Settles the session at start, as the web does: the stored token (secure store) when the server
 * still takes it, a guest token otherwise.
 */
export async function bootstrapSession(): Promise<void> {
  booted = true;
  const stored = await loadToken();
  if (!stored) return startGuestSession();
  set(sessionOf(stored, false));
  await checkSession();
}

/**
 * Asks whether the signed-in session still holds (at start, and after a kick from a room, which
 * a ban also sends): an ended one is dropped and its refusal kept, so a ban is told (SEC-SESSION-3).
 */
export async function checkSession(): Promise<void> {
  if (state.kind !== 'user') return;
  try {
    const s = await api.call(authEndpoints.session, {});
    if (s.isGuest) await signOut();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) {
      endedBy = err;
      await signOut();
    }
  }
}

/** The refusal that ended the stored session (a ban says so, SEC-SESSION-3). */
let endedBy: unknown = null;
export const sessionEndedBy = (): unknown => endedBy;

/**
 * BAN-NOTICE-1: any query or mutation refused with 401 ACCOUNT_BANNED ends the session where the
 * phone is, keeping the refusal so that the ban banner says until when.
 */
let endingForBan = false;
onRefusal((err) => {
  if (state.kind !== 'user' || endingForBan) return;
  if (!(err instanceof ApiError) || err.status !== 401) return;
  if ((err.body as { code?: unknown } | null)?.code !== 'ACCOUNT_BANNED') return;
  endedBy = err;
  endingForBan = true;
  void signOut().finally(() => {
    endingForBan = false;
  });
});

/** Keeps a fresh access token (login, sign-up, magic link, phone code) and forgets cached answers. */
export async function signIn(accessToken: string): Promise<void> {
  endedBy = null;
  await saveToken(accessToken);
  queryClient.clear();
  set(sessionOf(accessToken, false));
}

const beforeSignOut = new Set<() => Promise<void>>();

/**
 * Runs `fn` before a sign-out forgets the token, while calls still carry it (the push feature
 * takes the device off the account). Answers the function that stops it.
 */
export function onBeforeSignOut(fn: () => Promise<void>): () => void {
  beforeSignOut.add(fn);
  return () => beforeSignOut.delete(fn);
}

/**
 * Signs out on this phone: forgets the token and every cached answer, and browses on as a guest.
 * `everywhere` (SEC-SESSION-1) first ends every session of the account on the server — after the
 * sign-out hooks, which still need this token (the push device leaves the account); a refusal
 * leaves this phone signed in and is thrown.
 */
export async function signOut(opts: { everywhere?: boolean } = {}): Promise<void> {
  for (const fn of beforeSignOut) await fn().catch(() => undefined);
  if (opts.everywhere) await api.call(authEndpoints.signOutEverywhere, {});
  await saveToken(null);
  setGuestToken(null);
  queryClient.clear();
  set({ kind: 'signedOut' });
  await startGuestSession();
}
