import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SongDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { formatDuration } from '../../entities/room/model';
import { resultArt } from '../../entities/song/song';
import { isProcessing } from './file';
import { MetadataForm } from './MetadataForm';
import { useDeleteUploadMutation, useMyUploads } from './queries';
import { StatusBadge } from './SongStatusCard';
import { TagsForm } from './TagsForm';

/** Every song the user uploaded, newest first, with its status; each can be re-tagged or deleted. */
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

/**
 * One upload: its status (and what it means), UPLOAD-EDIT-1 tags (title and artist for a song
 * missing them, every tag once it is processed) and UPLOAD-DELETE-1 deletion after a confirmation.
 */
function UploadRow({ song }: { song: SongDto }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const art = resultArt(song);
  const missing = song.status === 'MISSING_METADATA';
  const editable = missing || !isProcessing(song.status);
  return (
    <li className="my-upload" data-testid="my-upload" data-song={song.songShortId}>
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
      <div className="my-upload-tools">
        {song.status !== 'VERIFIED' ? (
          <p className="field-hint" data-testid="my-upload-help">
            {t(`upload.statusHelp.${song.status}`)}
          </p>
        ) : null}
        {editable ? (
          <button
            type="button"
            className="btn-link"
            aria-expanded={editing}
            onClick={() => setEditing((v) => !v)}
            data-testid="my-upload-edit"
          >
            {editing ? t('upload.closeTags') : missing ? t('upload.addTags') : t('upload.editTags')}
          </button>
        ) : null}
        <DeleteUpload song={song} />
      </div>
      {editing && missing ? <MetadataForm song={song} /> : null}
      {editing && !missing && editable ? <TagsForm song={song} /> : null}
    </li>
  );
}

/** UPLOAD-DELETE-1: asks once more, then deletes the song and its files. */
function DeleteUpload({ song }: { song: SongDto }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const del = useSubmit(useDeleteUploadMutation(song.songShortId), () => undefined);
  if (!confirming) {
    return (
      <button
        type="button"
        className="btn-link"
        onClick={() => setConfirming(true)}
        data-testid="my-upload-delete"
      >
        {t('upload.delete')}
      </button>
    );
  }
  return (
    <div className="my-upload-delete" role="group" aria-label={t('upload.delete')}>
      <span>{t('upload.deleteConfirmText')}</span>
      <button
        type="button"
        className="btn btn-danger btn-sm"
        onClick={() => void del.submit()}
        disabled={del.submitting}
        data-testid="my-upload-delete-confirm"
      >
        {del.submitting ? t('upload.deleting') : t('upload.deleteConfirm')}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(false)}>
        {t('upload.deleteCancel')}
      </button>
      <Alert>{del.error}</Alert>
    </div>
  );
}
