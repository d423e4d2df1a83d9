import type { DevicePlatform } from '@tt/protocol';
import type { PushMessage } from '../../../platform/ports';

export type { PushMessage };

/**
 * The answer of a push service for one device: `gone` means the token is no longer valid (the
 * app was removed, the token rotated) and the device is forgotten (NOTIFY-DEVICE-3).
 */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/** One mobile push service (FCM, APNs). */
export interface PushProvider {
  readonly name: 'fcm' | 'apns';
  /** Which devices it serves. */
  serves(platform: DevicePlatform): boolean;
  send(token: string, message: PushMessage): Promise<PushOutcome>;
  close(): Promise<void>;
}

/** PEM keys in environment variables often carry literal "\n". */
export const pemFromEnv = (v: string) => v.replace(/\\n/g, '\n').trim();
