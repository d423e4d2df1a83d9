import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SongDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { formatDuration } from '../../entities/room/model';
import { resultArt } from '../../entities/song/song';
import { MetadataForm } from './MetadataForm';
import { useMyUploads } from './queries';
import { StatusBadge } from './SongStatusCard';

/** Every song the user uploaded, newest first, with its status; a song missing tags can get them. */
export function MyUploads() {
  const { t } = useTranslation();
  const toText = useErrorText();
  const q = useMyUploads();
  const songs = q.data?.pages.flatMap((p) => p.songs) ?? [];
  const total = q.data?.pages[0]?.total ?? 0;

  return (
    <section
      className="card my-uploads"
      aria-labelledby="my-uploads-title"
      data-testid="my-uploads"
    >
      <div className="my-uploads-head">
        <h2 id="my-uploads-title">{t('upload.mine')}</h2>
        {q.data ? <span className="muted">{t('upload.mineCount', { count: total })}</span> : null}
      </div>
      {q.isPending ? (
        <p className="muted loading-line" role="status">
          <span className="spinner" aria-hidden="true" /> {t('upload.loading')}
        </p>
      ) : null}
      {q.error ? <p className="muted">{toText(q.error)}</p> : null}
      {q.data && songs.length === 0 ? <p className="muted">{t('upload.mineEmpty')}</p> : null}
      {songs.length > 0 ? (
        <ul className="my-uploads-list">
          {songs.map((song) => (
            <UploadRow key={song.songShortId} song={song} />
          ))}
        </ul>
      ) : null}
      {q.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-block"
          onClick={() => void q.fetchNextPage()}
          disabled={q.isFetchingNextPage}
        >
          {t('upload.mineMore')}
        </button>
      ) : null}
    </section>
  );
}

function UploadRow({ song }: { song: SongDto }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const art = resultArt(song);
  return (
    <li className="my-upload" data-testid="my-upload">
      <div className="my-upload-main">
        {art ? <img src={art} alt="" width={44} height={44} loading="lazy" /> : <span />}
        <span className="my-upload-text">
          <strong>{song.trackName || t('upload.untitled')}</strong>
          <span className="muted">
            {song.artistName || t('upload.noArtist')}
            {song.duration > 0 ? ` · ${formatDuration(song.duration)}` : ''}
          </span>
        </span>
        <StatusBadge status={song.status} />
      </div>
      {song.status === 'MISSING_METADATA' ? (
        <>
          <button
            type="button"
            className="btn-link my-upload-edit"
            aria-expanded={editing}
            onClick={() => setEditing((v) => !v)}
          >
            {editing ? t('upload.closeTags') : t('upload.addTags')}
          </button>
          {editing ? <MetadataForm song={song} /> : null}
        </>
      ) : null}
    </li>
  );
}
