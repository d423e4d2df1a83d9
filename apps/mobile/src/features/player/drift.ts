import { useSyncExternalStore } from 'react';

/**
 * The phone player's last measured drift (seconds its position was from where the room is; +:
 * ahead), for the room's sync readout (SYNC-PHONE-1). null: not measured (nothing plays, loading,
 * muted).
 */
let drift: number | null = null;
const listeners = new Set<() => void>();

export function reportDrift(next: number | null): void {
  if (next === drift) return;
  drift = next;
  listeners.forEach((l) => l());
}

export const lastDrift = () => drift;

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export function usePlayerDrift(): number | null {
  return useSyncExternalStore(subscribe, lastDrift, lastDrift);
}
