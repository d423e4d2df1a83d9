import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MinimalSongDto } from '@tt/protocol';
import { toQueuedSong } from '@tt/rules';
import { AddToCrateMenu } from '../../crates/AddToCrateMenu';
import { useSimilarSongsQuery } from '../../search/queries';
import { songArt } from '../../../entities/room/model';

const SPOTIFY_ID = /^[A-Za-z0-9]{22}$/;

/** A Spotify track id of the song, when it has one (similar tracks are found through Spotify). */
export function spotifyIdOf(song: MinimalSongDto): string | null {
  const id = song.musicProviders.spotify;
  return typeof id === 'string' && SPOTIFY_ID.test(id) ? id : null;
}

/** SIMILAR-1: "More like this" for the song playing: up to 8 songs, each can go to a crate. */
export function SimilarSongs({ song }: { song: MinimalSongDto }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = spotifyIdOf(song);
  const similar = useSimilarSongsQuery(open ? id : null);
  if (!id) return null;
  const songs = similar.data?.songs ?? [];
  return (
    <div className="similar">
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="similar-toggle"
      >
        {t('similar.toggle')}
      </button>
      {open ? (
        <div className="similar-panel" data-testid="similar-panel">
          {similar.isLoading ? <p className="muted">{t('common.loading')}</p> : null}
          {similar.data && songs.length === 0 ? (
            <p className="muted">
              {similar.data.status === 'enqueued'
                ? t('similar.enqueued')
                : similar.data.status === 'unavailable'
                  ? t('similar.unavailable')
                  : t('similar.none')}
            </p>
          ) : null}
          <ul>
            {songs.map((s) => {
              const minimal = toQueuedSong(s);
              const art = songArt(minimal);
              return (
                <li key={`${s.trackName}-${s.artistName}`} data-testid="similar-song">
                  {art ? (
                    <img
                      src={art}
                      alt=""
                      width={36}
                      height={36}
                      loading="lazy"
                      onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
                    />
                  ) : null}
                  <span className="similar-text">
                    <strong>{s.trackName}</strong>
                    <span className="muted">{s.artistName}</span>
                  </span>
                  <AddToCrateMenu song={minimal} />
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
