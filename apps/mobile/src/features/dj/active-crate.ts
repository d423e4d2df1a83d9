import { useSyncExternalStore } from 'react';
import * as SecureStore from 'expo-secure-store';
import type { SpecialCrate } from '@tt/protocol';

/** Which crate a screen shows: one the user made (by uuid) or a special one (queue, starred). */
export type CrateRef = { id: string } | { special: SpecialCrate };

export const QUEUE: CrateRef = { special: 'queue' };

/** The route segment of a crate: its uuid, or `queue` / `likes`. */
export function refKey(ref: CrateRef): string {
  return 'special' in ref ? ref.special : ref.id;
}

export function refFromParam(param: string): CrateRef {
  return param === 'queue' || param === 'likes' ? { special: param } : { id: param };
}

export const sameRef = (a: CrateRef, b: CrateRef) => refKey(a) === refKey(b);

/**
 * The crate this phone DJs from: its top song is the DJ's next song, and a song played goes to
 * its bottom. The queue unless the user picks another crate. The choice is the phone's own (the
 * platform keeps no such setting): kept in the secure store where there is one, in memory on
 * the web build.
 */
const KEY = 'tt.dj.activeCrate';
let active: CrateRef = QUEUE;
const listeners = new Set<() => void>();
let restored = false;

function restore(): void {
  if (restored) return;
  restored = true;
  void (async () => {
    try {
      if (!(await SecureStore.isAvailableAsync())) return;
      const saved = await SecureStore.getItemAsync(KEY);
      if (saved) setActiveCrate(refFromParam(saved), false);
    } catch {
      // No store: the queue it is.
    }
  })();
}

export function getActiveCrate(): CrateRef {
  return active;
}

export function setActiveCrate(ref: CrateRef, persist = true): void {
  active = ref;
  listeners.forEach((l) => l());
  if (!persist) return;
  void SecureStore.isAvailableAsync()
    .then((ok) => (ok ? SecureStore.setItemAsync(KEY, refKey(ref)) : undefined))
    .catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  restore();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The crate this phone DJs from, re-rendering when the user picks another. */
export function useActiveCrate(): CrateRef {
  return useSyncExternalStore(subscribe, getActiveCrate, getActiveCrate);
}
