import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SONG_UPLOAD_MAX_BYTES, type SongDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { AUDIO_ACCEPT, fileProblem, formatBytes, type FileProblem } from './file';
import {
  catalogueError,
  UploadCancelled,
  uploadSong,
  type SongUpload,
  type UploadProgress,
} from './xhrUpload';

type Phase = 'idle' | 'sending' | 'processing';

/**
 * Pick (or drop) one audio file, optionally name it, and send it with real progress: bytes sent
 * of the total, a percentage and a cancel button. The answer (the new song) goes to `onUploaded`.
 */
export function UploadForm({ onUploaded }: { onUploaded: (song: SongDto) => void }) {
  const { t } = useTranslation();
  const toText = useErrorText();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [trackName, setTrackName] = useState('');
  const [artistName, setArtistName] = useState('');
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const upload = useRef<SongUpload | null>(null);

  // Leaving the page cancels an upload under way.
  useEffect(() => () => upload.current?.cancel(), []);

  const problemText = (problem: FileProblem) =>
    problem === 'size'
      ? t('upload.tooLarge', { max: formatBytes(SONG_UPLOAD_MAX_BYTES) })
      : problem === 'empty'
        ? t('upload.emptyFile')
        : toText(catalogueError('SONG_FILE_TYPE_UNSUPPORTED'));

  const choose = (picked: File | undefined) => {
    if (!picked || phase !== 'idle') return;
    const problem = fileProblem(picked);
    setError(problem ? problemText(problem) : null);
    setFile(problem ? null : picked);
  };

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!file || phase !== 'idle') return;
    setError(null);
    setPhase('sending');
    setProgress({ sent: 0, total: file.size });
    const current = uploadSong(
      file,
      { trackName: trackName.trim(), artistName: artistName.trim() },
      (p) => {
        setProgress(p);
        // Every byte is sent: the server now reads the tags and encodes the audio.
        if (p.total > 0 && p.sent >= p.total) setPhase('processing');
      },
    );
    upload.current = current;
    try {
      const song = await current.done;
      setFile(null);
      setTrackName('');
      setArtistName('');
      onUploaded(song);
    } catch (err) {
      setError(err instanceof UploadCancelled ? t('upload.cancelled') : toText(err));
    } finally {
      upload.current = null;
      setPhase('idle');
      setProgress(null);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  };

  const busy = phase !== 'idle';
  const percent =
    progress && progress.total > 0
      ? Math.min(100, Math.round((progress.sent / progress.total) * 100))
      : 0;

  return (
    <form className="card upload-form" onSubmit={(e) => void send(e)} data-testid="upload-form">
      <div
        className={`dropzone ${dragging ? 'is-dragging' : ''} ${file ? 'has-file' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!busy) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="upload-dropzone"
      >
        <svg viewBox="0 0 24 24" width="36" height="36" aria-hidden="true" focusable="false">
          <path
            d="M9 18V6l11-2v12M9 18a3 3 0 1 1-3-3 3 3 0 0 1 3 3zm11-2a3 3 0 1 1-3-3 3 3 0 0 1 3 3z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.6"
            strokeLinejoin="round"
          />
        </svg>
        {file ? (
          <p className="dropzone-file" data-testid="upload-file">
            <strong>{file.name}</strong> <span className="muted">{formatBytes(file.size)}</span>
          </p>
        ) : (
          <p className="dropzone-lead">{t('upload.dropHere')}</p>
        )}
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept={AUDIO_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          onChange={(e) => {
            choose(e.target.files?.[0]);
            e.target.value = '';
          }}
          aria-label={t('upload.chooseFile')}
          data-testid="upload-input"
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => inputRef.current?.click()}
          disabled={busy}
        >
          {file ? t('upload.chooseOther') : t('upload.chooseFile')}
        </button>
        <p className="field-hint">
          {t('upload.hint', { max: formatBytes(SONG_UPLOAD_MAX_BYTES) })}
        </p>
      </div>

      <div className="upload-fields">
        <Field
          label={t('upload.trackName')}
          aside={t('upload.optional')}
          value={trackName}
          maxLength={200}
          onChange={(e) => setTrackName(e.target.value)}
          disabled={busy}
          hint={t('upload.tagsHint')}
          data-testid="upload-track-name"
        />
        <Field
          label={t('upload.artistName')}
          aside={t('upload.optional')}
          value={artistName}
          maxLength={200}
          onChange={(e) => setArtistName(e.target.value)}
          disabled={busy}
          data-testid="upload-artist-name"
        />
      </div>

      {progress ? (
        <div className="upload-progress" data-testid="upload-progress">
          <div className="upload-progress-text">
            <span role="status">
              {phase === 'processing'
                ? t('upload.processing')
                : t('upload.sending', {
                    sent: formatBytes(progress.sent),
                    total: formatBytes(progress.total),
                  })}
            </span>
            <span data-testid="upload-percent">{percent}%</span>
          </div>
          <progress
            max={100}
            value={percent}
            aria-label={t('upload.progressLabel')}
            aria-valuetext={`${percent}%`}
          />
        </div>
      ) : null}

      <Alert testId="upload-error">{error}</Alert>

      <div className="upload-actions">
        {phase === 'sending' ? (
          <button
            type="button"
            className="btn btn-ghost"
            onClick={() => upload.current?.cancel()}
            data-testid="upload-cancel"
          >
            {t('upload.cancel')}
          </button>
        ) : null}
        <button
          type="submit"
          className="btn btn-primary"
          disabled={!file || busy}
          data-testid="upload-submit"
        >
          {busy ? t('upload.uploading') : t('upload.submit')}
        </button>
      </div>
    </form>
  );
}
