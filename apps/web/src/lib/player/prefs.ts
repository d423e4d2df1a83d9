import type { KeyValueStorage } from './engine';

/** Volume and mute, kept across visits (localStorage). */
export const VOLUME_STORAGE_KEY = 'tt.player.volume';
export const MUTED_STORAGE_KEY = 'tt.player.muted';
export const DEFAULT_VOLUME = 0.8;

export interface VolumePrefs {
  volume: number;
  muted: boolean;
}

export function readVolumePrefs(storage: KeyValueStorage): VolumePrefs {
  const raw = storage.getItem(VOLUME_STORAGE_KEY);
  const n = raw === null || raw === '' ? Number.NaN : Number(raw);
  return {
    volume: Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : DEFAULT_VOLUME,
    muted: storage.getItem(MUTED_STORAGE_KEY) === 'true',
  };
}

export function writeVolumePrefs(storage: KeyValueStorage, prefs: VolumePrefs): void {
  storage.setItem(VOLUME_STORAGE_KEY, String(Math.round(prefs.volume * 100) / 100));
  storage.setItem(MUTED_STORAGE_KEY, String(prefs.muted));
}

/** localStorage when the browser lets us use it, else memory (private modes, tests). */
export function browserStorage(): KeyValueStorage {
  try {
    if (typeof localStorage !== 'undefined') {
      const probe = '__tt_probe__';
      localStorage.setItem(probe, '1');
      localStorage.removeItem(probe);
      return localStorage;
    }
  } catch {
    // fall through
  }
  const data = new Map<string, string>();
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v) };
}
