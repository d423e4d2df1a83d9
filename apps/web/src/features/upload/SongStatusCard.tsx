import { useTranslation } from 'react-i18next';
import type { SongDto, SongStatus } from '@tt/protocol';
import { formatDuration } from '../../entities/room/model';
import { resultArt } from '../../entities/song/song';
import { isProcessing, statusTone } from './file';
import { MetadataForm } from './MetadataForm';
import { useUploadedSong } from './queries';

/** The status of a song as words (every status an upload can have). */
export function StatusBadge({ status }: { status: SongStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-${statusTone(status)}`} data-status={status}>
      {isProcessing(status) ? <span className="spinner" aria-hidden="true" /> : null}
      {t(`upload.status.${status}`)}
    </span>
  );
}

/** A song just uploaded: asked for again every 2 s while it is processed, then its outcome. */
export function SongStatusCard({ song: uploaded }: { song: SongDto }) {
  const { t } = useTranslation();
  const { data: song } = useUploadedSong(uploaded);
  const art = resultArt(song);
  return (
    <section
      className="card upload-result"
      aria-labelledby="upload-result-title"
      data-testid="upload-result"
    >
      {art ? <img className="upload-result-art" src={art} alt="" width={72} height={72} /> : null}
      <div className="upload-result-body">
        <h2 id="upload-result-title">{song.trackName || t('upload.untitled')}</h2>
        <p className="muted">
          {song.artistName || t('upload.noArtist')}
          {song.duration > 0 ? ` · ${formatDuration(song.duration)}` : ''}
        </p>
        <p role="status" data-testid="upload-status">
          <StatusBadge status={song.status} />
        </p>
        <p className="field-hint">{t(`upload.statusHelp.${song.status}`)}</p>
        {song.status === 'MISSING_METADATA' ? <MetadataForm song={song} /> : null}
      </div>
    </section>
  );
}
