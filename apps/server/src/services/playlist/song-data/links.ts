import type { AdapterProvider } from '../providers';

/**
 * MUSIC-PROVIDERS-4: services whose links the platform recognises but cannot turn into a song:
 * they offer no public API to read a song's title, artist and ISRC (Amazon Music, Pandora,
 * Yandex Music, Spinrilla). A link of theirs is named with its id and stays a link.
 */
export const LINK_ONLY_PROVIDERS = ['amazonMusic', 'pandora', 'yandex', 'spinrilla'] as const;
export type LinkOnlyProvider = (typeof LINK_ONLY_PROVIDERS)[number];

/**
 * A song link, parsed: the provider and the song's id there, or — for SoundCloud and Audius
 * pages, whose URLs carry no id — the canonical permalink the provider resolves; or a song of a
 * service without a public API (`linkOnly`).
 */
export type SongLink =
  | { provider: AdapterProvider; id: string }
  | { provider: 'soundCloudPublic' | 'audius'; permalink: string }
  | { provider: LinkOnlyProvider; id: string; linkOnly: true };

const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const DIGITS = /^\d{1,20}$/;

/** `host` is `domain` or one of its subdomains. */
const onDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/**
 * Undoes what travelling in one path segment did to the link: the shared request layer turns `:`
 * into `_` (SONG-DATA-LINK-1), so `https_//…` is `https://…`, `spotify_track_…` is
 * `spotify:track:…` and `soundcloud_tracks_…` is `soundcloud:tracks:…`. A link without a scheme
 * gets https.
 */
export function normalizeLink(raw: string): string {
  let link = raw.trim();
  link = link.replace(/^(https?)_\/\//i, '$1://');
  link = link.replace(/^spotify_track_/i, 'spotify:track:');
  link = link.replace(/^soundcloud_tracks_/i, 'soundcloud:tracks:');
  if (!/^[a-z][a-z0-9+.-]*:/i.test(link) && /^[\w.-]+\.[a-z]{2,}(\/|$)/i.test(link)) {
    link = `https://${link}`;
  }
  return link;
}

/** The path's segments, without empty ones. */
const segments = (u: URL) =>
  u.pathname
    .split('/')
    .filter(Boolean)
    .map((p) => {
      try {
        return decodeURIComponent(p);
      } catch {
        return p;
      }
    });

function spotify(u: URL): SongLink | null {
  const parts = segments(u).filter((p) => !/^intl-[a-z]{2}(-[a-z]{2})?$/i.test(p));
  const i = parts[0] === 'embed' ? 1 : 0;
  const id = parts[i] === 'track' ? parts[i + 1] : undefined;
  return id && SPOTIFY_ID.test(id) ? { provider: 'spotify', id } : null;
}

function apple(u: URL): SongLink | null {
  const i = u.searchParams.get('i');
  if (i && DIGITS.test(i)) return { provider: 'apple', id: i };
  const parts = segments(u);
  // /{storefront}/song/{slug}/{id} or /{storefront}/song/{id}
  const at = parts.indexOf('song');
  const last = parts.at(-1);
  if (at !== -1 && last && DIGITS.test(last)) return { provider: 'apple', id: last };
  return null;
}

function youtube(u: URL, host: string): SongLink | null {
  let id: string | null | undefined;
  if (onDomain(host, 'youtu.be')) id = segments(u)[0];
  else {
    const parts = segments(u);
    if (parts[0] === 'watch') id = u.searchParams.get('v');
    else if (['shorts', 'embed', 'live', 'v'].includes(parts[0] ?? '')) id = parts[1];
  }
  return id && YOUTUBE_ID.test(id) ? { provider: 'youtube', id } : null;
}

function soundcloud(u: URL, host: string): SongLink | null {
  const parts = segments(u);
  if (host === 'api.soundcloud.com' || host === 'api-v2.soundcloud.com') {
    return parts[0] === 'tracks' && DIGITS.test(parts[1] ?? '')
      ? { provider: 'soundCloudPublic', id: parts[1] }
      : null;
  }
  if (host === 'w.soundcloud.com') {
    const inner = u.searchParams.get('url');
    return inner ? parseSongLink(inner) : null;
  }
  // soundcloud.com/{user}/{track}[/s-{secret}] — not sets, likes, albums or a profile.
  const reserved = ['sets', 'likes', 'albums', 'tracks', 'reposts', 'followers', 'following'];
  if (parts.length < 2 || parts.length > 3 || reserved.includes(parts[1])) return null;
  if (parts.length === 3 && !/^s-[A-Za-z0-9]+$/.test(parts[2])) return null;
  return { provider: 'soundCloudPublic', permalink: `https://soundcloud.com/${parts.join('/')}` };
}

function audius(u: URL): SongLink | null {
  const parts = segments(u);
  if (parts[0] === 'embed' && parts[1] === 'track' && /^[A-Za-z0-9]{1,32}$/.test(parts[2] ?? '')) {
    return { provider: 'audius', id: parts[2] };
  }
  const reserved = ['embed', 'search', 'trending', 'explore', 'feed', 'settings'];
  if (parts.length !== 2 || reserved.includes(parts[0])) return null;
  return { provider: 'audius', permalink: `https://audius.co/${parts.join('/')}` };
}

function sevenDigital(u: URL, host: string): SongLink | null {
  const parts = segments(u);
  if (host === 'previews.7digital.com' && parts[0] === 'clip' && DIGITS.test(parts[1] ?? '')) {
    return { provider: 'sevenDigital', id: parts[1] };
  }
  const q = u.searchParams.get('trackid') ?? u.searchParams.get('trackId');
  if (q && DIGITS.test(q)) return { provider: 'sevenDigital', id: q };
  const at = parts.indexOf('track');
  if (at !== -1 && DIGITS.test(parts[at + 1] ?? '')) {
    return { provider: 'sevenDigital', id: parts[at + 1] };
  }
  // Shop pages name the track in the fragment: …/release/{slug}-{releaseId}#t{trackId}
  const fragment = /^#t(\d{1,20})$/.exec(u.hash)?.[1];
  return fragment ? { provider: 'sevenDigital', id: fragment } : null;
}

function deezer(u: URL, host: string): SongLink | null {
  const parts = segments(u);
  // www.deezer.com/[{lang}/]track/{id}; widget.deezer.com/widget/{theme}/track/{id}
  const at = parts.indexOf('track');
  const id = at !== -1 ? parts[at + 1] : undefined;
  if (host === 'deezer.page.link' || host === 'link.deezer.com') return null;
  return id && DIGITS.test(id) ? { provider: 'deezer', id } : null;
}

function napster(u: URL): SongLink | null {
  // web.napster.com/track/tra.123, play.napster.com/track/Tra.123, api …/tracks/tra.123
  const id = segments(u).find((p) => /^tra\.\d{1,20}$/i.test(p));
  return id ? { provider: 'napster', id: id.replace(/^tra\./i, 'tra.') } : null;
}

function tidal(u: URL): SongLink | null {
  // tidal.com/[browse/]track/{id}, listen.tidal.com/track/{id}, tidal.com/album/{a}/track/{id}
  const parts = segments(u);
  const at = parts.lastIndexOf('track');
  const id = at !== -1 ? parts[at + 1] : undefined;
  return id && DIGITS.test(id) ? { provider: 'tidal', id } : null;
}

const ASIN = /^[A-Z0-9]{10}$/;

function linkOnly(u: URL, host: string): SongLink | null {
  const parts = segments(u);
  const only = (provider: LinkOnlyProvider, id: string | null | undefined) =>
    id ? ({ provider, id, linkOnly: true } as const) : null;
  if (/^music\.amazon\./.test(host)) {
    // music.amazon.com/tracks/{asin}, music.amazon.com/albums/{asin}?trackAsin={asin}
    const q = u.searchParams.get('trackAsin');
    if (q && ASIN.test(q)) return only('amazonMusic', q);
    return parts[0] === 'tracks' && ASIN.test(parts[1] ?? '')
      ? only('amazonMusic', parts[1])
      : null;
  }
  if (onDomain(host, 'pandora.com')) {
    // pandora.com/artist/{artist}/{album}/{track}/TR{id}
    const id = parts.at(-1);
    return parts[0] === 'artist' && id && /^TR[A-Za-z0-9]{4,40}$/.test(id)
      ? only('pandora', id)
      : null;
  }
  if (/^music\.yandex\./.test(host)) {
    // music.yandex.ru/album/{album}/track/{id}, music.yandex.com/track/{id}
    const at = parts.indexOf('track');
    const id = at !== -1 ? parts[at + 1] : undefined;
    return id && DIGITS.test(id) ? only('yandex', id) : null;
  }
  if (onDomain(host, 'spinrilla.com')) {
    // spinrilla.com/songs/{id}-{slug}
    const id = parts[0] === 'songs' ? /^(\d{1,20})(-|$)/.exec(parts[1] ?? '')?.[1] : undefined;
    return only('spinrilla', id);
  }
  return null;
}

/**
 * The song a link names, or null. Understood: Spotify (open.spotify.com track pages, embeds,
 * `spotify:track:` URIs), Apple Music (song pages, album pages with `?i=`), YouTube (watch,
 * youtu.be, shorts, embed, live, music.youtube.com), SoundCloud (track pages and private share
 * links, api URLs, `soundcloud:tracks:` URNs, player widgets), Audius (track pages, embeds) and
 * 7digital (`trackid` in the query, `/track/{id}`, `#t{id}`, preview clips), Deezer (track
 * pages and widgets; not its short links, which only a redirect resolves), Napster (`tra.` ids),
 * TIDAL (track pages), and the link-only services (MUSIC-PROVIDERS-4).
 */
export function parseSongLink(raw: string): SongLink | null {
  const link = normalizeLink(raw);
  const uri = /^spotify:track:([A-Za-z0-9]{22})$/.exec(link);
  if (uri) return { provider: 'spotify', id: uri[1] };
  const urn = /^soundcloud:tracks:(\d{1,20})$/.exec(link);
  if (urn) return { provider: 'soundCloudPublic', id: urn[1] };
  let u: URL;
  try {
    u = new URL(link);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const host = u.hostname.toLowerCase().replace(/^www\.|^m\./, '');
  if (onDomain(host, 'spotify.com')) return spotify(u);
  if (onDomain(host, 'music.apple.com') || onDomain(host, 'itunes.apple.com')) return apple(u);
  if (onDomain(host, 'youtube.com') || onDomain(host, 'youtu.be')) return youtube(u, host);
  if (onDomain(host, 'soundcloud.com')) return soundcloud(u, host);
  if (host === 'audius.co') return audius(u);
  if (onDomain(host, '7digital.com')) return sevenDigital(u, host);
  if (onDomain(host, 'deezer.com') || host === 'deezer.page.link') return deezer(u, host);
  if (onDomain(host, 'napster.com')) return napster(u);
  if (onDomain(host, 'tidal.com')) return tidal(u);
  return linkOnly(u, host);
}
