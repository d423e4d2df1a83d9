import type { MinimalSongDto, SongDataDto } from '@tt/protocol';
import { toQueuedSong } from '@tt/rules';
import { resultArt } from '../../entities/song/song';
import type { ChatMusicInfo } from './model';

/**
 * A resolved song link as a music-info attachment (CHAT-LINK-3: only songs with an ISRC). The
 * song's catalogue data rides along in `song`, so a card can play its preview and add it to a
 * crate without another lookup.
 */
export type ChatMusicCard = ChatMusicInfo & { song?: SongDataDto };

export function toMusicInfo(song: SongDataDto, link: string): ChatMusicCard {
  const provider = Object.entries(song.musicProviders).find(([, id]) => id)?.[0];
  const links = Object.fromEntries(
    Object.entries(song.links ?? {}).filter(([, v]) => typeof v === 'string' && v),
  ) as Record<string, string>;
  return {
    type: 'ChatMusicInfo',
    providersUrls: { ...links, ...(provider && !links[provider] ? { [provider]: link } : {}) },
    trackInfo: {
      title: song.trackName,
      userName: song.artistName,
      duration: song.duration,
      genre: song.genre ?? undefined,
      id: song.songShortId ?? undefined,
      isrc: song.isrc ?? '',
      provider,
      artwork: resultArt(song) ?? undefined,
      previews: song.previews,
    },
    song,
  };
}

/** The song a card adds to a crate, or null when the message carried none. */
export function cardSong(info: ChatMusicCard): MinimalSongDto | null {
  return info.song ? toQueuedSong(info.song) : null;
}
