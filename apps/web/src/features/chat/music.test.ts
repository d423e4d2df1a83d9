import { describe, expect, it } from 'vitest';
import type { SongDataDto } from '@tt/protocol';
import { cardSong, toMusicInfo } from './music';

describe('song links (web)', () => {
  it('CHAT-WEB-3, CHAT-LINK-3: a resolved song becomes a ChatMusicInfo card that can be queued', () => {
    const song = {
      trackName: 'Open Air',
      artistName: 'Velvet Lanterns',
      genre: 'House',
      duration: 201,
      isrc: 'USABC2400001',
      explicit: false,
      musicProviders: { spotify: '4uLU6hMCjMI75M1A2tKUQC' },
      thumbnails: { spotify: 'https://i.scdn.example/art.jpg' },
      links: {},
      previews: ['https://p.scdn.example/clip.mp3'],
      streamUrls: {},
      albumName: null,
      releaseYear: null,
      id: null,
      songShortId: null,
    } as unknown as SongDataDto;
    const link = 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC';
    const card = toMusicInfo(song, link);
    expect(card).toMatchObject({
      type: 'ChatMusicInfo',
      providersUrls: { spotify: link },
      trackInfo: {
        title: 'Open Air',
        userName: 'Velvet Lanterns',
        isrc: 'USABC2400001',
        provider: 'spotify',
      },
    });
    expect(cardSong(card)).toMatchObject({ trackName: 'Open Air', isrc: 'USABC2400001' });
  });
});
