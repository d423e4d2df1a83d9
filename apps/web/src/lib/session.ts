import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * The session: the signed-in user's access token (persisted in localStorage) and, for
 * visitors without an account, a guest token kept in memory only (when no token is available at
 * start, tokens are cleared and the visitor browses as a guest).
 */
interface SessionState {
  accessToken: string | null;
  guestToken: string | null;
  /** True once a token (user or guest) has been settled at start. */
  ready: boolean;
  signIn: (accessToken: string) => void;
  setGuest: (guestToken: string | null) => void;
  clear: () => void;
  markReady: () => void;
}

export const SESSION_STORAGE_KEY = 'tt-session';

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      accessToken: null,
      guestToken: null,
      ready: false,
      signIn: (accessToken) => set({ accessToken, guestToken: null, ready: true }),
      setGuest: (guestToken) => set({ guestToken, ready: true }),
      clear: () => set({ accessToken: null, guestToken: null }),
      markReady: () => set({ ready: true }),
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ accessToken: s.accessToken }),
    },
  ),
);

/** The token to send with API calls: the user's, else the guest's. */
export const currentToken = (): string | null => {
  const s = useSession.getState();
  return s.accessToken ?? s.guestToken;
};

/** True when a real (non-guest) user is signed in. */
export const useIsSignedIn = (): boolean => useSession((s) => s.accessToken !== null);
