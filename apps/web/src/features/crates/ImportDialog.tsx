import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../lib/errors';
import { Field } from '../../ui/Field';
import { useImportCrateMutation } from './queries';

/**
 * "Import playlist": a provider playlist link becomes a crate (POST /crate/import). The server
 * fills it in the background; the crate list polls while it is IN_PROGRESS and shows progress.
 */
export function ImportDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toText = useErrorText();
  const navigate = useNavigate();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [link, setLink] = useState('');
  const [name, setName] = useState('');
  const importCrate = useImportCrateMutation();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => opener?.focus?.();
  }, []);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const crateName = name.trim();
    importCrate.mutateAsync({ link: link.trim(), ...(crateName ? { crateName } : {}) }).then(
      (made) => {
        onClose();
        navigate(`/crates/${made.crateUuid}`);
      },
      () => undefined, // shown from the mutation's error below
    );
  };

  return (
    <dialog
      ref={ref}
      className="user-sheet"
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="crate-import-dialog"
    >
      <form className="user-sheet-inner" onSubmit={submit}>
        <h2 id={titleId}>{t('crates.importTitle')}</h2>
        <Field
          label={t('crates.importLink')}
          hint={t('crates.importLinkHint')}
          type="url"
          required
          autoFocus
          value={link}
          onChange={(e) => setLink(e.target.value)}
          data-testid="crate-import-link"
        />
        <Field
          label={t('crates.importName')}
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        {importCrate.error ? (
          <p className="crate-note is-error" role="alert">
            {toText(importCrate.error)}
          </p>
        ) : null}
        <div className="crate-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            {t('crates.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={importCrate.isPending || !link.trim()}
            data-testid="crate-import-submit"
          >
            {t('crates.importStart')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
