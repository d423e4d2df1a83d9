import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorText } from '../../lib/errors';
import type { CrateDto } from './contract';
import { useCopyCrateMutation, useDeleteCrateMutation, useRenameCrateMutation } from './queries';
import type { CrateRef } from './api';
import { CrateExport } from './CrateExport';

export type Notify = (text: string, kind?: 'error' | 'info') => void;

/** Rename, copy and delete of a crate (the queue and starred list are only copied). */
export function CrateActions({
  crate,
  crateRef,
  owner,
  notify,
}: {
  crate: CrateDto;
  crateRef: CrateRef;
  owner: boolean;
  notify: Notify;
}) {
  const { t } = useTranslation();
  const toText = useErrorText();
  const navigate = useNavigate();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(crate.crateName);
  const [confirming, setConfirming] = useState(false);
  const renameCrate = useRenameCrateMutation(crateRef, crate.crateUuid);
  const copyCrate = useCopyCrateMutation();
  const deleteCrate = useDeleteCrateMutation(crateRef, crate.crateUuid);
  const busy = renameCrate.isPending || copyCrate.isPending || deleteCrate.isPending;
  const own = owner && crate.special === null;
  const failed = (err: unknown) => notify(toText(err), 'error');

  const rename = (e: FormEvent) => {
    e.preventDefault();
    renameCrate.mutate(name, {
      onSuccess: () => {
        setRenaming(false);
        notify(t('crates.renamed'));
      },
      onError: failed,
    });
  };

  // mutateAsync: the page moves on even if this crate's screen is gone by then.
  const copy = () => {
    const label = crate.special ? t(`crates.${crate.special}`) : crate.crateName;
    const crateName = t('crates.copyName', { name: label }).slice(0, 100);
    copyCrate.mutateAsync({ from: crate.crateUuid, crateName }).then((filled) => {
      notify(t('crates.copied', { name: filled.crateName }));
      navigate(`/crates/${filled.crateUuid}`);
    }, failed);
  };

  const remove = () => deleteCrate.mutateAsync().then(() => navigate('/crates'), failed);

  if (renaming) {
    return (
      <form className="crate-rename" onSubmit={rename}>
        <label className="sr-only" htmlFor="crate-name">
          {t('crates.nameLabel')}
        </label>
        <input
          id="crate-name"
          value={name}
          maxLength={100}
          required
          autoFocus
          onChange={(e) => setName(e.target.value)}
          data-testid="crate-name-input"
        />
        <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !name.trim()}>
          {t('crates.save')}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setRenaming(false)}>
          {t('crates.cancel')}
        </button>
      </form>
    );
  }

  if (confirming) {
    return (
      <div className="crate-confirm" role="alertdialog" aria-labelledby="crate-delete-q">
        <span id="crate-delete-q">{t('crates.deleteConfirm', { name: crate.crateName })}</span>
        <button
          type="button"
          className="btn btn-danger btn-sm"
          disabled={busy}
          onClick={remove}
          data-testid="crate-delete-confirm"
        >
          {t('crates.delete')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          autoFocus
          onClick={() => setConfirming(false)}
        >
          {t('crates.cancel')}
        </button>
      </div>
    );
  }

  return (
    <div className="crate-actions">
      {own ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            setName(crate.crateName);
            setRenaming(true);
          }}
          data-testid="crate-rename"
        >
          {t('crates.rename')}
        </button>
      ) : null}
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={busy}
        onClick={copy}
        data-testid="crate-copy"
      >
        {t('crates.copy')}
      </button>
      <CrateExport crateUuid={crate.crateUuid} />
      {own ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => setConfirming(true)}
          data-testid="crate-delete"
        >
          {t('crates.delete')}
        </button>
      ) : null}
    </div>
  );
}
