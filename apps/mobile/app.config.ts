import type { ConfigContext, ExpoConfig } from 'expo/config';
import { require as requireTs } from 'tsx/cjs/api';
import type { Brand } from '@tt/rules';
import type { AppExtra } from './src/lib/app-extra';

// One code base, two apps (BRAND-NAME-1): `BRAND=turntable|hangout` (default turntable) picks the
// name, identifiers, deep-link scheme and colours (src/ui/palette.ts), as BRAND does for the
// server. `API_URL` is the server the app talks to. Both are read when the app is built (or when
// `expo start` starts).

interface NativeBrand {
  slug: string;
  /** Deep links: <scheme>://rooms/… */
  scheme: string;
  /** The iOS bundle identifier and Android package (stand-ins until the store listings exist). */
  id: string;
}

const NATIVE: Record<Brand, NativeBrand> = {
  turntable: {
    slug: 'turntable-live',
    scheme: 'turntable',
    id: 'live.turntable.app',
  },
  hangout: {
    slug: 'hangout-fm',
    scheme: 'hangout',
    id: 'fm.hangout.app',
  },
};

// Expo evaluates this file as CommonJS with plain Node, which cannot load the workspace's
// TypeScript packages: tsx loads @tt/rules for it.
declare const __filename: string;
const { BRAND_INFO, parseBrand } = requireTs('@tt/rules', __filename) as typeof import('@tt/rules');
const { PALETTES } = requireTs('./src/ui/palette', __filename) as typeof import('./src/ui/palette');

function brandFromEnv(value: string | undefined): Brand {
  if (value === undefined || value.trim() === '') return 'turntable';
  const brand = parseBrand(value);
  if (!brand) throw new Error(`BRAND must be turntable or hangout, not "${value}"`);
  return brand;
}

function apiUrlFromEnv(value: string | undefined): string {
  const url = value?.trim() || 'http://localhost:3000';
  if (!/^https?:\/\/[^/]+/.test(url))
    throw new Error(`API_URL must be an http(s) origin, not "${url}"`);
  return url.replace(/\/+$/, '');
}

/** aps-environment of the iOS entitlements: development unless a store build says production. */
function apsEnvironment(value: string | undefined): 'development' | 'production' {
  if (value === undefined || value === '' || value === 'development') return 'development';
  if (value === 'production') return 'production';
  throw new Error(`APS_ENVIRONMENT must be development or production, not "${value}"`);
}

export default ({ config }: ConfigContext): ExpoConfig => {
  const brand = brandFromEnv(process.env.BRAND);
  const info = BRAND_INFO[brand];
  const native = NATIVE[brand];
  const palette = PALETTES[brand];
  const extra: AppExtra = { brand, apiUrl: apiUrlFromEnv(process.env.API_URL) };
  return {
    ...config,
    name: info.title,
    slug: native.slug,
    scheme: native.scheme,
    version: '0.1.0',
    orientation: 'portrait',
    primaryColor: palette.brand,
    description: info.description,
    ios: {
      bundleIdentifier: native.id,
      supportsTablet: true,
      infoPlist: {
        // Songs keep playing with the screen locked; silent pushes wake the app.
        UIBackgroundModes: ['audio', 'remote-notification'],
      },
    },
    android: {
      package: native.id,
      // FCM needs the Firebase project's google-services.json (not committed): its path.
      ...(process.env.GOOGLE_SERVICES_FILE
        ? { googleServicesFile: process.env.GOOGLE_SERVICES_FILE }
        : {}),
    },
    web: { bundler: 'metro', output: 'single' },
    plugins: [
      'expo-router',
      // The media playback foreground service on Android and the audio background mode on iOS.
      ['expo-video', { supportsBackgroundPlayback: true, supportsPictureInPicture: false }],
      [
        'expo-notifications',
        {
          color: palette.brand,
          mode: apsEnvironment(process.env.APS_ENVIRONMENT),
          enableBackgroundRemoteNotifications: true,
        },
      ],
    ],
    extra: { ...config.extra, ...extra },
  };
};
