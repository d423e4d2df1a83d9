import { describe, expect, it } from 'vitest';
import { normalizeLink, parseSongLink } from './links';

describe('parseSongLink', () => {
  it.each([
    ['https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC', 'spotify', '4uLU6hMCjMI75M1A2tKUQC'],
    [
      'https://open.spotify.com/intl-de/track/4uLU6hMCjMI75M1A2tKUQC?si=abc',
      'spotify',
      '4uLU6hMCjMI75M1A2tKUQC',
    ],
    [
      'https://open.spotify.com/embed/track/4uLU6hMCjMI75M1A2tKUQC',
      'spotify',
      '4uLU6hMCjMI75M1A2tKUQC',
    ],
    ['spotify:track:4uLU6hMCjMI75M1A2tKUQC', 'spotify', '4uLU6hMCjMI75M1A2tKUQC'],
    ['https://music.apple.com/us/album/some-album/1440000000?i=1440000001', 'apple', '1440000001'],
    ['https://music.apple.com/gb/song/some-song/1440000002', 'apple', '1440000002'],
    ['https://itunes.apple.com/us/album/x/123?i=456', 'apple', '456'],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=x', 'youtube', 'dQw4w9WgXcQ'],
    ['https://music.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://api.soundcloud.com/tracks/123456', 'soundCloudPublic', '123456'],
    ['soundcloud:tracks:123456', 'soundCloudPublic', '123456'],
    [
      'https://w.soundcloud.com/player/?url=https%3A%2F%2Fapi.soundcloud.com%2Ftracks%2F987&auto_play=false',
      'soundCloudPublic',
      '987',
    ],
    ['https://audius.co/embed/track/Ab12C?flavor=card', 'audius', 'Ab12C'],
    ['https://us.7digital.com/artist/band/release/album-900?trackid=7001', 'sevenDigital', '7001'],
    ['https://uk.7digital.com/artist/band/release/album-900#t7002', 'sevenDigital', '7002'],
    ['https://previews.7digital.com/clip/7003', 'sevenDigital', '7003'],
  ])('%s → %s %s', (link, provider, id) => {
    expect(parseSongLink(link)).toEqual({ provider, id });
  });

  it.each([
    [
      'https://soundcloud.com/novalights/midnight-harbor',
      'soundCloudPublic',
      'https://soundcloud.com/novalights/midnight-harbor',
    ],
    [
      'https://m.soundcloud.com/novalights/midnight-harbor/s-AbCdE?si=1',
      'soundCloudPublic',
      'https://soundcloud.com/novalights/midnight-harbor/s-AbCdE',
    ],
    [
      'https://audius.co/novalights/midnight-harbor',
      'audius',
      'https://audius.co/novalights/midnight-harbor',
    ],
  ])('%s → the %s permalink %s', (link, provider, permalink) => {
    expect(parseSongLink(link)).toEqual({ provider, permalink });
  });

  it('reads links whose colons travelled as underscores, and links without a scheme', () => {
    expect(normalizeLink('https_//open.spotify.com/track/x')).toBe(
      'https://open.spotify.com/track/x',
    );
    expect(parseSongLink('https_//youtu.be/dQw4w9WgXcQ')).toEqual({
      provider: 'youtube',
      id: 'dQw4w9WgXcQ',
    });
    expect(parseSongLink('spotify_track_4uLU6hMCjMI75M1A2tKUQC')).toEqual({
      provider: 'spotify',
      id: '4uLU6hMCjMI75M1A2tKUQC',
    });
    expect(parseSongLink('open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC')).toEqual({
      provider: 'spotify',
      id: '4uLU6hMCjMI75M1A2tKUQC',
    });
  });

  it.each([
    'not a link',
    'https://example.com/track/4uLU6hMCjMI75M1A2tKUQC',
    'https://evil-spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
    'https://open.spotify.com/album/4uLU6hMCjMI75M1A2tKUQC',
    'https://open.spotify.com/track/short',
    'https://music.apple.com/us/album/some-album/1440000000',
    'https://www.youtube.com/channel/UC123',
    'https://soundcloud.com/novalights',
    'https://soundcloud.com/novalights/sets/best-of',
    'https://soundcloud.com/novalights/track/extra-part',
    'https://audius.co/novalights',
    'https://us.7digital.com/artist/band/release/album-900',
    'ftp://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
    'https://open.spotify.com/track/%E0%A4%A',
  ])('refuses %s', (link) => {
    expect(parseSongLink(link)).toBeNull();
  });
});

describe('parseSongLink: the remaining music services (MUSIC-PROVIDERS-1, -4)', () => {
  it.each([
    ['https://www.deezer.com/track/3135556', 'deezer', '3135556'],
    ['https://www.deezer.com/en/track/3135556?utm_source=x', 'deezer', '3135556'],
    ['deezer.com/fr/track/3135556', 'deezer', '3135556'],
    ['https://widget.deezer.com/widget/dark/track/3135556', 'deezer', '3135556'],
    ['https://web.napster.com/track/tra.5156528', 'napster', 'tra.5156528'],
    ['https://play.napster.com/track/Tra.5156528', 'napster', 'tra.5156528'],
    ['https://tidal.com/browse/track/75413016', 'tidal', '75413016'],
    ['https://listen.tidal.com/album/75413011/track/75413016', 'tidal', '75413016'],
  ])('%s → %s %s', (link, provider, id) => {
    expect(parseSongLink(link)).toEqual({ provider, id });
  });

  it.each([
    ['https://music.amazon.com/tracks/B07XJ8C8F5', 'amazonMusic', 'B07XJ8C8F5'],
    [
      'https://music.amazon.co.uk/albums/B07XJ7Q3S1?trackAsin=B07XJ8C8F5',
      'amazonMusic',
      'B07XJ8C8F5',
    ],
    [
      'https://www.pandora.com/artist/band/album/song/TRq7Zp9xKc4Vb2m',
      'pandora',
      'TRq7Zp9xKc4Vb2m',
    ],
    ['https://music.yandex.ru/album/4766/track/57703', 'yandex', '57703'],
    ['https://music.yandex.com/track/57703', 'yandex', '57703'],
    ['https://spinrilla.com/songs/1234567-artist-title', 'spinrilla', '1234567'],
  ])('%s is recognised, link only: %s %s', (link, provider, id) => {
    expect(parseSongLink(link)).toEqual({ provider, id, linkOnly: true });
  });

  it.each([
    'https://www.deezer.com/album/302127',
    'https://deezer.page.link/abc123',
    'https://link.deezer.com/s/30abc',
    'https://web.napster.com/artist/art.954',
    'https://tidal.com/browse/album/75413011',
    'https://www.amazon.com/dp/B07XJ8C8F5',
    'https://music.amazon.com/albums/B07XJ7Q3S1',
    'https://www.pandora.com/station/play/123',
    'https://music.yandex.ru/album/4766',
    'https://spinrilla.com/mixtapes/123-tape',
  ])('%s names no song', (link) => {
    expect(parseSongLink(link)).toBeNull();
  });
});
