import type { SongProvider } from '@tt/protocol';

/** A provider playlist named by a link (POST /crate/import). */
export interface PlaylistLink {
  provider: SongProvider;
  /** The playlist id at the provider (SoundCloud and Audius: the link itself, resolved there). */
  id: string;
  /** Apple Music storefront (`us`, `gb`…). */
  storefront?: string;
}

/**
 * Reads a provider playlist link: Spotify open.spotify.com/playlist/{id} (also spotify:playlist:{id}),
 * Apple music.apple.com/{sf}/playlist/{name}/{pl.id}, SoundCloud soundcloud.com/{user}/sets/{name},
 * YouTube …/playlist?list={id} (or watch?…&list=), Audius audius.co/{handle}/playlist/{name}.
 * Anything else is null.
 */
export function parsePlaylistLink(link: string): PlaylistLink | null {
  const uri = /^spotify:playlist:([A-Za-z0-9]{10,40})$/.exec(link.trim());
  if (uri) return { provider: 'spotify', id: uri[1]! };
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const parts = url.pathname.split('/').filter(Boolean);
  if (host === 'open.spotify.com') {
    // Localised links carry a leading intl-xx segment.
    const at = parts[0]?.startsWith('intl-') ? 1 : 0;
    const id = parts[at] === 'playlist' ? parts[at + 1] : undefined;
    return id && /^[A-Za-z0-9]{10,40}$/.test(id) ? { provider: 'spotify', id } : null;
  }
  if (host === 'music.apple.com') {
    const [sf, kind] = parts;
    const id = parts.at(-1);
    if (!sf || !/^[a-z]{2}$/i.test(sf) || kind !== 'playlist' || !id?.startsWith('pl.'))
      return null;
    return { provider: 'apple', id, storefront: sf.toLowerCase() };
  }
  if (host === 'soundcloud.com' || host === 'm.soundcloud.com') {
    if (parts.length < 3 || parts[1] !== 'sets') return null;
    return { provider: 'soundCloudPublic', id: `https://soundcloud.com/${parts.join('/')}` };
  }
  if (host === 'youtube.com' || host === 'm.youtube.com' || host === 'music.youtube.com') {
    const list = url.searchParams.get('list');
    return list && /^[A-Za-z0-9_-]{10,64}$/.test(list) ? { provider: 'youtube', id: list } : null;
  }
  if (host === 'audius.co') {
    if (parts.length !== 3 || (parts[1] !== 'playlist' && parts[1] !== 'album')) return null;
    return { provider: 'audius', id: `https://audius.co/${parts.join('/')}` };
  }
  return null;
}
