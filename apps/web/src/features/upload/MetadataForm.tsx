import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_SONG_TAG_LENGTH, type SongDto } from '@tt/protocol';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useSongMetadataMutation } from './queries';

/**
 * A MISSING_METADATA upload: its uploader gives the title and artist (POST /metadata), and the
 * song goes on to verification (VALID_FILE_TYPE, then encoding).
 */
export function MetadataForm({ song }: { song: SongDto }) {
  const { t } = useTranslation();
  const [trackName, setTrackName] = useState(song.trackName);
  const [artistName, setArtistName] = useState(song.artistName);
  const save = useSubmit(useSongMetadataMutation(), () => ({
    songId: song.songShortId,
    trackName: trackName.trim(),
    artistName: artistName.trim(),
  }));
  const ready = trackName.trim() !== '' && artistName.trim() !== '';

  return (
    <form
      className="metadata-form"
      onSubmit={(e) => void save.submit(e)}
      data-testid={`metadata-form-${song.songShortId}`}
    >
      <Field
        label={t('upload.trackName')}
        value={trackName}
        required
        maxLength={MAX_SONG_TAG_LENGTH}
        onChange={(e) => setTrackName(e.target.value)}
      />
      <Field
        label={t('upload.artistName')}
        value={artistName}
        required
        maxLength={MAX_SONG_TAG_LENGTH}
        onChange={(e) => setArtistName(e.target.value)}
      />
      <Alert>{save.error}</Alert>
      <div className="metadata-actions">
        <SubmitButton
          phase={save.phase}
          idle={t('upload.saveTags')}
          submitting={t('upload.savingTags')}
          disabled={!ready}
          className="btn btn-primary btn-sm"
          testId="metadata-save"
        />
      </div>
    </form>
  );
}
