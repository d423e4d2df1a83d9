import { afterEach, describe, expect, it } from 'vitest';
import { activity, detectActivity, inActivity, proxied } from './activity';

const store = new Map<string, string>();
Object.assign(globalThis, {
  sessionStorage: {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  },
});
const bases = { audius: 'https://api.audius.co', soundcloud: 'https://api.soundcloud.com' };

describe('ACTIVITY-1', () => {
  afterEach(() => store.clear());

  it('is an activity only with Discord’s frame and instance ids, remembered for the tab', () => {
    expect(detectActivity('?frame_id=abc')).toBeNull();
    expect(inActivity()).toBe(false);
    const ctx = detectActivity('?frame_id=f1&instance_id=i1&platform=desktop&guild_id=42');
    expect(ctx).toMatchObject({
      frameId: 'f1',
      instanceId: 'i1',
      platform: 'desktop',
      guildId: '42',
    });
    expect(detectActivity('')).toEqual(ctx);
    expect(activity()).toEqual(ctx);
  });

  it('sends Audius and SoundCloud calls through the proxy paths inside the activity only', () => {
    const url = 'https://api.audius.co/v1/tracks/x/stream?app_name=tt';
    expect(proxied(url, bases)).toBe(url);
    detectActivity('?frame_id=f&instance_id=i');
    expect(proxied(url, bases)).toBe('/.proxy/audius/v1/tracks/x/stream?app_name=tt');
    expect(proxied('https://api.soundcloud.com/tracks/9', bases)).toBe(
      '/.proxy/soundcloud/tracks/9',
    );
    expect(proxied('https://api.soundcloud.company/x', bases)).toBe(
      'https://api.soundcloud.company/x',
    );
    expect(proxied('https://i.scdn.co/image/1', bases)).toBe('https://i.scdn.co/image/1');
  });
});
