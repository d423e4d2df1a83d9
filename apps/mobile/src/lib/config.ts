import Constants from 'expo-constants';
import { BRAND_INFO, parseBrand, type Brand } from '@tt/rules';
import type { AppExtra } from './app-extra';

const extra = (Constants.expoConfig?.extra ?? {}) as Partial<AppExtra>;

/** BRAND-NAME-1: the product this build is (app.config.ts, BRAND); turntable when unset. */
export const BRAND: Brand = parseBrand(extra.brand) ?? 'turntable';
export const BRAND_TEXT = BRAND_INFO[BRAND];

/** The platform's origin (app.config.ts, API_URL). */
export const API_URL: string = extra.apiUrl ?? 'http://localhost:3000';
