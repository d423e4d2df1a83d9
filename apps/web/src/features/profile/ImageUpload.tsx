import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_CONTENT_TYPES, type ImageKind } from '@tt/protocol';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { useImageUploadMutation } from './queries';

/**
 * Picks an image, shows it at once (local preview) and uploads it (POST /users/images, multipart
 * kind + file). The server sets it on the profile; `onUploaded` refreshes the cached profile.
 */
export function ImageUpload({
  kind,
  current,
  label,
  onUploaded,
}: {
  kind: ImageKind;
  current: string;
  label: string;
  onUploaded: () => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileRef = useRef<File | null>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const upload = useSubmit(
    useImageUploadMutation(kind),
    () => fileRef.current!,
    () => onUploaded(),
  );

  const onPick = (e: ChangeEvent<HTMLInputElement>) => {
    const picked = e.target.files?.[0];
    e.target.value = '';
    if (!picked) return;
    fileRef.current = picked;
    setPreview(URL.createObjectURL(picked));
    void upload.submit();
  };

  // A failed upload falls back to the picture the profile has.
  const shown = (upload.error ? null : preview) ?? (current || null);
  const status =
    upload.phase === 'submitting'
      ? t('images.uploading')
      : upload.phase === 'submitted'
        ? t('images.uploaded')
        : null;

  return (
    <div className={`image-upload image-upload-${kind}`} data-testid={`upload-${kind}`}>
      <div className="image-preview" data-empty={!shown}>
        {shown ? <img src={shown} alt={t('images.previewAlt', { what: label })} /> : null}
        {!shown ? <span className="muted">{t('images.none')}</span> : null}
      </div>
      <div className="image-actions">
        <span className="image-label" id={`${inputId}-label`}>
          {label}
        </span>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={IMAGE_CONTENT_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          onChange={onPick}
          aria-labelledby={`${inputId}-label`}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => inputRef.current?.click()}
          disabled={upload.submitting}
          aria-describedby={`${inputId}-label`}
        >
          {shown ? t('images.replace') : t('images.choose')}
        </button>
        <p className="field-hint">{t('images.hint')}</p>
        {status ? (
          <p className="field-hint" role="status">
            {status}
          </p>
        ) : null}
        <Alert>{upload.error}</Alert>
      </div>
    </div>
  );
}
