import Constants from 'expo-constants';
import { Platform } from 'react-native';
import { BRAND_INFO, parseBrand, type Brand } from '@tt/rules';
import type { AppExtra } from './app-extra';

const extra = (Constants.expoConfig?.extra ?? {}) as Partial<AppExtra>;

/** BRAND-NAME-1: the product this build is (app.config.ts, BRAND); turntable when unset. */
export const BRAND: Brand = parseBrand(extra.brand) ?? 'turntable';
export const BRAND_TEXT = BRAND_INFO[BRAND];

/**
 * The web export only (the Chromium tests and previews): `?api=<origin>` on the first page load
 * points this tab at another server, kept for the tab's reloads. Phones never read it.
 */
function webOverride(): string | null {
  const w = globalThis as { location?: { search: string }; sessionStorage?: Storage };
  if (Platform.OS !== 'web' || !w.location) return null;
  const asked = new URLSearchParams(w.location.search).get('api');
  if (asked && /^https?:\/\/[^/]+$/.test(asked)) {
    w.sessionStorage?.setItem('tt.api', asked);
    return asked;
  }
  return w.sessionStorage?.getItem('tt.api') ?? null;
}

/** The platform's origin (app.config.ts, API_URL). */
export const API_URL: string = webOverride() ?? extra.apiUrl ?? 'http://localhost:3000';
