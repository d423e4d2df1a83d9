import { describe, expect, it } from 'vitest';
import { parsePlaylistLink } from './import-links';

describe('parsePlaylistLink', () => {
  it('reads the playlist links of each provider', () => {
    expect(
      parsePlaylistLink('https://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M?si=1'),
    ).toEqual({
      provider: 'spotify',
      id: '37i9dQZF1DXcBWIGoYBM5M',
    });
    expect(
      parsePlaylistLink('https://open.spotify.com/intl-es/playlist/37i9dQZF1DXcBWIGoYBM5M')?.id,
    ).toBe('37i9dQZF1DXcBWIGoYBM5M');
    expect(parsePlaylistLink('spotify:playlist:37i9dQZF1DXcBWIGoYBM5M')?.provider).toBe('spotify');
    expect(
      parsePlaylistLink(
        'https://music.apple.com/GB/playlist/todays-hits/pl.f4d106fed2bd41149aaacabb233eb5eb',
      ),
    ).toEqual({ provider: 'apple', id: 'pl.f4d106fed2bd41149aaacabb233eb5eb', storefront: 'gb' });
    expect(parsePlaylistLink('https://soundcloud.com/dj-wave/sets/late-night?si=2')).toEqual({
      provider: 'soundCloudPublic',
      id: 'https://soundcloud.com/dj-wave/sets/late-night',
    });
    expect(
      parsePlaylistLink('https://www.youtube.com/playlist?list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG'),
    ).toEqual({ provider: 'youtube', id: 'PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG' });
    expect(
      parsePlaylistLink(
        'https://music.youtube.com/watch?v=abc&list=PLx0sYbCqOb8TBPRdmBHs5Iftvv9TPboYG',
      )?.provider,
    ).toBe('youtube');
    expect(parsePlaylistLink('https://audius.co/dj-wave/playlist/sunday')).toEqual({
      provider: 'audius',
      id: 'https://audius.co/dj-wave/playlist/sunday',
    });
  });

  it('refuses song links, other sites and non-links', () => {
    for (const link of [
      'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
      'https://music.apple.com/us/album/x/1440000001?i=1440000002',
      'https://soundcloud.com/dj-wave/a-track',
      'https://www.youtube.com/watch?v=MHarbor0001',
      'https://audius.co/dj-wave/a-track',
      'https://example.com/playlist/37i9dQZF1DXcBWIGoYBM5M',
      'ftp://open.spotify.com/playlist/37i9dQZF1DXcBWIGoYBM5M',
      'just words',
    ]) {
      expect(parsePlaylistLink(link), link).toBeNull();
    }
  });
});
