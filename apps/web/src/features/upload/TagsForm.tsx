import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ISRC_PATTERN, MAX_SONG_TAG_LENGTH, type SongDto } from '@tt/protocol';
import { useAutosubmit } from '../../lib/useAutosubmit';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useEditTagsMutation } from './queries';

interface Tags {
  trackName: string;
  artistName: string;
  genre: string;
  albumName: string;
  releaseYear: string;
  isrc: string;
  explicit: boolean;
}

const tagsOf = (song: SongDto): Tags => ({
  trackName: song.trackName,
  artistName: song.artistName,
  genre: song.genre ?? '',
  albumName: song.albumName ?? '',
  releaseYear: song.releaseYear ? String(song.releaseYear) : '',
  isrc: song.isrc ?? '',
  explicit: song.explicit,
});

/** Empty optional tags clear them; the year and the ISRC are checked before sending. */
function bodyOf(t: Tags) {
  const isrc = t.isrc.trim().toUpperCase();
  return {
    trackName: t.trackName.trim(),
    artistName: t.artistName.trim(),
    genre: t.genre.trim(),
    albumName: t.albumName.trim(),
    releaseYear: t.releaseYear.trim() ? Number(t.releaseYear) : null,
    isrc: isrc || null,
    explicit: t.explicit,
  };
}

function problemsOf(t: Tags) {
  const year = t.releaseYear.trim();
  const isrc = t.isrc.trim().toUpperCase();
  return {
    year: year !== '' && !/^\d{4}$/.test(year),
    isrc: isrc !== '' && !ISRC_PATTERN.test(isrc),
    required: t.trackName.trim() === '' || t.artistName.trim() === '',
  };
}

/**
 * UPLOAD-EDIT-1: the uploader changes the tags of a song of theirs (PATCH /songs/{id}). It saves
 * itself 600 ms after the last change once the form is valid (FORM-AUTO-1), and has a button.
 */
export function TagsForm({ song }: { song: SongDto }) {
  const { t } = useTranslation();
  const [tags, setTags] = useState<Tags>(() => tagsOf(song));
  const save = useSubmit(useEditTagsMutation(song.songShortId), () => bodyOf(tags));
  const problems = problemsOf(tags);
  const ready = !problems.year && !problems.isrc && !problems.required;
  const auto = useAutosubmit(JSON.stringify(bodyOf(tags)), ready, () => void save.submit());
  const set = (patch: Partial<Tags>) => {
    save.reset();
    setTags((old) => ({ ...old, ...patch }));
  };
  const text = (key: 'genre' | 'albumName', label: string) => (
    <Field
      label={label}
      aside={t('upload.optional')}
      value={tags[key]}
      maxLength={MAX_SONG_TAG_LENGTH}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );

  return (
    <form
      className="metadata-form tags-form"
      onSubmit={(e) => {
        auto.sent();
        void save.submit(e);
      }}
      data-testid={`tags-form-${song.songShortId}`}
    >
      <Field
        label={t('upload.trackName')}
        value={tags.trackName}
        required
        maxLength={MAX_SONG_TAG_LENGTH}
        onChange={(e) => set({ trackName: e.target.value })}
      />
      <Field
        label={t('upload.artistName')}
        value={tags.artistName}
        required
        maxLength={MAX_SONG_TAG_LENGTH}
        onChange={(e) => set({ artistName: e.target.value })}
      />
      {text('genre', t('upload.genre'))}
      {text('albumName', t('upload.albumName'))}
      <Field
        label={t('upload.releaseYear')}
        aside={t('upload.optional')}
        value={tags.releaseYear}
        inputMode="numeric"
        maxLength={4}
        aria-invalid={problems.year}
        hint={problems.year ? t('upload.yearHint') : undefined}
        onChange={(e) => set({ releaseYear: e.target.value })}
      />
      <Field
        label={t('upload.isrc')}
        aside={t('upload.optional')}
        value={tags.isrc}
        maxLength={12}
        aria-invalid={problems.isrc}
        hint={problems.isrc ? t('upload.isrcHint') : undefined}
        onChange={(e) => set({ isrc: e.target.value })}
      />
      <label className="check">
        <input
          type="checkbox"
          checked={tags.explicit}
          onChange={(e) => set({ explicit: e.target.checked })}
        />
        <span>{t('upload.explicitLabel')}</span>
      </label>
      <Alert>{save.error}</Alert>
      <div className="metadata-actions">
        <SubmitButton
          phase={save.phase}
          idle={t('upload.saveAllTags')}
          submitting={t('upload.savingTags')}
          submitted={t('upload.savedTags')}
          disabled={!ready}
          className="btn btn-primary btn-sm"
          testId="tags-save"
        />
        <span className="field-hint">{t('upload.autosaveHint')}</span>
      </div>
    </form>
  );
}
