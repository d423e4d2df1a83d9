import { proxied } from '../../lib/activity';
import { useDiscordConfigQuery } from '../discord/queries';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SongDataDto } from '@tt/protocol';
import { formatDuration } from '../../entities/room/model';
import { togglePreview, usePreview } from '../../entities/song/preview';
import { previewOf, resultArt } from '../../entities/song/song';

/** One search result: art, title, artist, length, explicit badge, preview and pick buttons. */
export function SongResult({
  resultKey,
  song,
  pickLabel,
  selected,
  onPick,
}: {
  resultKey: string;
  song: SongDataDto;
  pickLabel: string;
  selected: boolean;
  onPick: () => void;
}) {
  const { t } = useTranslation();
  const art = resultArt(song);
  // Provider art that does not load leaves the plain tile rather than a broken image.
  const [artFailed, setArtFailed] = useState(false);
  // ACTIVITY-1: a clip on the Audius or SoundCloud API is fetched through the proxy in Discord.
  const proxies = useDiscordConfigQuery().data?.proxies;
  const clip = previewOf(song);
  const preview = clip && proxies ? { ...clip, url: proxied(clip.url, proxies) } : clip;
  const playing = usePreview((s) => s.playing === resultKey);
  const failed = usePreview((s) => s.failed === resultKey);
  const name = `${song.trackName} – ${song.artistName}`;

  return (
    <li className={`song-result ${selected ? 'is-selected' : ''}`} data-testid="search-result">
      <span className="song-result-art">
        {art && !artFailed ? (
          <img
            src={art}
            alt=""
            loading="lazy"
            width={56}
            height={56}
            onError={() => setArtFailed(true)}
          />
        ) : null}
        {preview ? (
          <button
            type="button"
            className={`song-preview ${playing ? 'is-playing' : ''}`}
            onClick={() => void togglePreview(resultKey, preview)}
            aria-pressed={playing}
            aria-label={
              playing ? t('search.stopPreview', { name }) : t('search.playPreview', { name })
            }
            data-testid="search-preview"
          >
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
              {playing ? (
                <path d="M6 5h3v10H6zM11 5h3v10h-3z" fill="currentColor" />
              ) : (
                <path d="M7 4.5v11l9-5.5z" fill="currentColor" />
              )}
            </svg>
          </button>
        ) : null}
      </span>
      <span className="song-result-text">
        <strong title={song.trackName}>{song.trackName}</strong>
        <span className="muted">
          {song.explicit ? (
            <abbr className="explicit-badge" title={t('search.explicit')}>
              {t('search.explicitShort')}
            </abbr>
          ) : null}
          <span className="song-result-artist">{song.artistName}</span>
          {song.duration > 0 ? (
            <span className="song-result-duration"> · {formatDuration(song.duration)}</span>
          ) : null}
        </span>
        {failed ? (
          <span className="song-result-note" role="status">
            {t('search.previewFailed')}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={onPick}
        aria-pressed={selected}
        aria-label={`${pickLabel}: ${name}`}
      >
        {pickLabel}
      </button>
    </li>
  );
}
