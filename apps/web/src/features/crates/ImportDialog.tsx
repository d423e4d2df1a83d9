import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { queryClient } from '../../lib/queryClient';
import { Field } from '../../ui/Field';
import { crateImportEndpoints } from './contract';
import { crateKeys } from './queries';

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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => opener?.focus?.();
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const crateName = name.trim();
      const made = await api.call(crateImportEndpoints.importPlaylist, {
        body: { link: link.trim(), ...(crateName ? { crateName } : {}) },
      });
      queryClient.setQueryData(crateKeys.crate(made.crateUuid), made);
      await queryClient.invalidateQueries({ queryKey: crateKeys.mine });
      onClose();
      navigate(`/crates/${made.crateUuid}`);
    } catch (err) {
      setError(toText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className="user-sheet"
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="crate-import-dialog"
    >
      <form className="user-sheet-inner" onSubmit={(e) => void submit(e)}>
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
        {error ? (
          <p className="crate-note is-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="crate-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            {t('crates.cancel')}
          </button>
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={busy || !link.trim()}
            data-testid="crate-import-submit"
          >
            {t('crates.importStart')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
