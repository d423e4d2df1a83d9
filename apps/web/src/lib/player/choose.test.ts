import { describe, expect, it } from 'vitest';
import { candidateProviders, chooseProvider, preferredProviders, providerOrder } from './choose';
import { song } from './testing';

describe('preferredProviders (added apple, spotify, youtube; youtube kept last, listed first)', () => {
  it('is youtube alone when nothing is connected', () => {
    expect(preferredProviders([])).toEqual(['youtube']);
    expect(preferredProviders()).toEqual(['youtube']);
  });
  it('adds connected providers in preference order ahead of youtube, whatever the input order', () => {
    expect(preferredProviders(['spotify', 'apple'])).toEqual(['apple', 'spotify', 'youtube']);
    expect(preferredProviders(['spotify'])).toEqual(['spotify', 'youtube']);
    expect(preferredProviders(['youtube', 'apple'])).toEqual(['apple', 'youtube']);
  });
  it('ignores providers outside apple, spotify, youtube', () => {
    expect(preferredProviders(['deezer', 'spotify'])).toEqual(['spotify', 'youtube']);
  });
});

describe('providerOrder', () => {
  it('logged-in turntable user: connected first, then youtube, uploads and SoundCloud last', () => {
    expect(
      providerOrder({ loggedIn: true, brand: 'turntable', connectedProviders: ['spotify'] }),
    ).toEqual(['spotify', 'youtube', 'uploadService', 'soundCloudPublic']);
  });
  it('guest (not logged in) uses youtube even with connected providers', () => {
    expect(
      providerOrder({ loggedIn: false, brand: 'turntable', connectedProviders: ['apple'] }),
    ).toEqual(['youtube', 'uploadService', 'soundCloudPublic']);
  });
  it('hangout brand uses sevenDigital then uploads, logged in or not', () => {
    expect(
      providerOrder({ loggedIn: true, brand: 'hangout', connectedProviders: ['apple'] }),
    ).toEqual(['sevenDigital', 'uploadService', 'soundCloudPublic']);
    expect(providerOrder({ loggedIn: false, brand: 'hangout' })).toEqual([
      'sevenDigital',
      'uploadService',
      'soundCloudPublic',
    ]);
  });
});

describe('chooseProvider: the song musicProviders map decides', () => {
  const ctx = {
    loggedIn: true,
    brand: 'turntable' as const,
    connectedProviders: ['apple', 'spotify'],
  };
  it('first connected provider the song has', () => {
    expect(chooseProvider(ctx, song())).toBe('apple');
    expect(chooseProvider(ctx, song({ musicProviders: { spotify: 's', youtube: 'y' } }))).toBe(
      'spotify',
    );
  });
  it('falls back to youtube, then uploads, then SoundCloud', () => {
    expect(
      chooseProvider(ctx, song({ musicProviders: { youtube: 'y', uploadService: 'u' } })),
    ).toBe('youtube');
    expect(chooseProvider(ctx, song({ musicProviders: { uploadService: 'u' } }))).toBe(
      'uploadService',
    );
    expect(chooseProvider(ctx, song({ musicProviders: { soundCloudPublic: 'sc' } }))).toBe(
      'soundCloudPublic',
    );
  });
  it('null when no allowed provider can play it (empty ids do not count)', () => {
    expect(chooseProvider(ctx, song({ musicProviders: { deezer: 'x', apple: '' } }))).toBeNull();
    expect(
      chooseProvider(
        { loggedIn: true, brand: 'hangout' },
        song({ musicProviders: { apple: 'a' } }),
      ),
    ).toBeNull();
  });
  it('candidateProviders lists all playable ones in order', () => {
    expect(candidateProviders(ctx, song())).toEqual([
      'apple',
      'spotify',
      'youtube',
      'uploadService',
    ]);
  });
});
