import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate, useParams } from 'react-router';
import { defaultCrateName } from '@tt/rules';
import { useErrorText } from '../../lib/errors';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { refFromParam } from './api';
import { CrateView } from './CrateView';
import { ImportDialog } from './ImportDialog';
import { useVerifyToCreate } from '../../entities/user/queries';
import { useCreateCrateMutation, useMyCrates } from './queries';
import '../../styles/crates.css';

/** /crates and /crates/:crateId: the crates sidebar and the crate picked (the queue by default). */
export function CratesPage() {
  const { t } = useTranslation();
  const { crateId = 'queue' } = useParams();
  useDocumentTitle(t('crates.title'));
  return (
    <div className="container crates-page" data-testid="crates-page">
      <CratesSidebar />
      <CrateView crateRef={refFromParam(crateId)} />
    </div>
  );
}

function CratesSidebar() {
  const { t } = useTranslation();
  const toText = useErrorText();
  const navigate = useNavigate();
  const mine = useMyCrates();
  const crates = mine.data?.pages.flatMap((p) => p.crates) ?? [];
  const total = mine.data?.pages[0]?.count ?? 0;
  const createCrate = useCreateCrateMutation();
  const [importing, setImporting] = useState(false);
  // SEC-UNVERIFIED-1: no new or imported crates before the e-mail address is verified.
  const verifyFirst = useVerifyToCreate();
  // A new crate is "New Playlist #" with the lowest unused number; the server decides when the
  // list is not all loaded.
  const allLoaded = mine.data !== undefined && crates.length >= total;
  const nextName = allLoaded ? defaultCrateName(crates.map((c) => c.crateName)) : undefined;

  const create = () =>
    createCrate.mutateAsync(nextName).then(
      (made) => navigate(`/crates/${made.crateUuid}`),
      () => undefined, // shown from the mutation's error below
    );

  const link = (to: string, label: string, count: number | null, testId: string) => (
    <li key={to}>
      <NavLink to={to} end data-testid={testId}>
        <span className="crates-nav-name">{label}</span>
        {count !== null ? <span className="crates-nav-count muted">{count}</span> : null}
      </NavLink>
    </li>
  );

  return (
    <nav className="crates-sidebar" aria-label={t('crates.title')}>
      <ul className="crates-nav crates-nav-special">
        {link('/crates/queue', t('crates.queue'), null, 'crates-nav-queue')}
        {link('/crates/likes', t('crates.likes'), null, 'crates-nav-likes')}
      </ul>
      <div className="crates-nav-head">
        <h2>{t('crates.yours')}</h2>
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={createCrate.isPending || mine.isLoading || verifyFirst !== null}
          onClick={() => void create()}
          title={nextName}
          data-testid="crate-new"
        >
          {t('crates.new')}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={verifyFirst !== null}
          onClick={() => setImporting(true)}
          data-testid="crate-import"
        >
          {t('crates.importPlaylist')}
        </button>
      </div>
      {verifyFirst ? (
        <p className="crate-note" data-testid="verify-to-create">
          <Link to={verifyFirst}>{t('verify.createHint')}</Link>
        </p>
      ) : null}
      {importing ? <ImportDialog onClose={() => setImporting(false)} /> : null}
      {createCrate.error ? (
        <p className="crate-note is-error" role="alert">
          {toText(createCrate.error)}
        </p>
      ) : null}
      {mine.error ? <p className="muted">{toText(mine.error)}</p> : null}
      {mine.data && crates.length === 0 ? <p className="muted">{t('crates.none')}</p> : null}
      <ul className="crates-nav" data-testid="crates-list">
        {crates.map((c) =>
          link(`/crates/${c.crateUuid}`, c.crateName, c.crateSongsNumber, 'crates-nav-crate'),
        )}
      </ul>
      {mine.hasNextPage ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-block"
          disabled={mine.isFetchingNextPage}
          onClick={() => void mine.fetchNextPage()}
        >
          {t('crates.more')}
        </button>
      ) : null}
    </nav>
  );
}
