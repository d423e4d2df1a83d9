import * as SecureStore from 'expo-secure-store';

const TOKEN_KEY = 'tt.token';

let token: string | null = null;
/** A guest token (GET /auth/guest): kept in memory only, never stored. */
let guest: string | null = null;
let loading: Promise<string | null> | null = null;

async function storeAvailable(): Promise<boolean> {
  try {
    return await SecureStore.isAvailableAsync();
  } catch {
    return false;
  }
}

/** The bearer token the API client sends: the user's, else the guest's; null before loadToken(). */
export const currentToken = (): string | null => token ?? guest;

/** The signed-in user's token only (null for guests and the signed out). */
export const userToken = (): string | null => token;

/** Keeps (or forgets) the guest token in memory. */
export function setGuestToken(next: string | null): void {
  guest = next;
}

/**
 * Reads the stored token once: the iOS Keychain or Android's Keystore through expo-secure-store.
 * The web build has no secure store: its token lives in memory only and it starts signed out.
 */
export function loadToken(): Promise<string | null> {
  loading ??= (async () => {
    if (!(await storeAvailable())) return null;
    token = (await SecureStore.getItemAsync(TOKEN_KEY)) ?? null;
    return token;
  })().catch(() => null);
  return loading;
}

/** Keeps a new token (sign-in) or forgets it (null: sign-out). */
export async function saveToken(next: string | null): Promise<void> {
  token = next;
  if (next) guest = null;
  if (!(await storeAvailable())) return;
  if (next) await SecureStore.setItemAsync(TOKEN_KEY, next);
  else await SecureStore.deleteItemAsync(TOKEN_KEY);
}
