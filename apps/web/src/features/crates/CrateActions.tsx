import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { queryClient } from '../../lib/queryClient';
import { crateEndpoints, type CrateDto } from './contract';
import { crateKeys, forgetCrate, storeCrate } from './queries';
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
  const [busy, setBusy] = useState(false);
  const own = owner && crate.special === null;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (err) {
      notify(toText(err), 'error');
    } finally {
      setBusy(false);
    }
  };

  const rename = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const updated = await api.call(crateEndpoints.update, {
        params: { id: crate.crateUuid },
        body: { crateName: name },
      });
      storeCrate(crateRef, updated);
      setRenaming(false);
      notify(t('crates.renamed'));
    });
  };

  const copy = () =>
    void run(async () => {
      const label = crate.special ? t(`crates.${crate.special}`) : crate.crateName;
      const made = await api.call(crateEndpoints.create, {
        body: { crateName: t('crates.copyName', { name: label }).slice(0, 100) },
      });
      const filled = await api.call(crateEndpoints.copy, {
        params: { id: made.crateUuid },
        body: { srcCrateId: crate.crateUuid },
      });
      queryClient.setQueryData(crateKeys.crate(filled.crateUuid), { ...filled, songs: undefined });
      void queryClient.invalidateQueries({ queryKey: crateKeys.mine });
      notify(t('crates.copied', { name: filled.crateName }));
      navigate(`/crates/${filled.crateUuid}`);
    });

  const remove = () =>
    void run(async () => {
      await api.call(crateEndpoints.remove, { params: { id: crate.crateUuid } });
      forgetCrate(crateRef);
      navigate('/crates');
    });

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
