import * as SecureStore from 'expo-secure-store';

const TOKEN_KEY = 'tt.token';

let token: string | null = null;
let loading: Promise<string | null> | null = null;

async function storeAvailable(): Promise<boolean> {
  try {
    return await SecureStore.isAvailableAsync();
  } catch {
    return false;
  }
}

/** The bearer token the API client sends: null before loadToken() and when signed out. */
export const currentToken = (): string | null => token;

/**
 * Reads the stored token once: the iOS Keychain or Android's Keystore through expo-secure-store.
 * The web build has no secure store and starts signed out.
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
  if (!(await storeAvailable())) return;
  if (next) await SecureStore.setItemAsync(TOKEN_KEY, next);
  else await SecureStore.deleteItemAsync(TOKEN_KEY);
}
