import { useSyncExternalStore } from 'react';
import * as SecureStore from 'expo-secure-store';

/**
 * A11Y-PHONE-3: how much the room says to a screen reader, kept with the phone's other
 * preferences (the secure store, beside the language; the web export keeps it in memory only).
 * off: nothing; important (the default): the song now playing and DJs stepping up or down;
 * everything: also the vote totals and new chat messages.
 */
export type AnnounceLevel = 'off' | 'important' | 'everything';
export const ANNOUNCE_LEVELS: readonly AnnounceLevel[] = ['off', 'important', 'everything'];
const KEY = 'tt.a11y.announce';

let level: AnnounceLevel = 'important';
const listeners = new Set<() => void>();
const isLevel = (v: unknown): v is AnnounceLevel => ANNOUNCE_LEVELS.includes(v as AnnounceLevel);

async function storeAvailable(): Promise<boolean> {
  try {
    return await SecureStore.isAvailableAsync();
  } catch {
    return false;
  }
}

export function announceLevel(): AnnounceLevel {
  return level;
}

/** Sets the level at once and keeps it. */
export async function setAnnounceLevel(next: AnnounceLevel): Promise<void> {
  level = next;
  listeners.forEach((l) => l());
  if (await storeAvailable()) await SecureStore.setItemAsync(KEY, next).catch(() => undefined);
}

/** Applies the level chosen earlier, if any. */
export async function restoreAnnounceLevel(): Promise<void> {
  if (!(await storeAvailable())) return;
  const saved = await SecureStore.getItemAsync(KEY).catch(() => null);
  if (isLevel(saved) && saved !== level) {
    level = saved;
    listeners.forEach((l) => l());
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export function useAnnounceLevel(): AnnounceLevel {
  return useSyncExternalStore(subscribe, announceLevel, announceLevel);
}
