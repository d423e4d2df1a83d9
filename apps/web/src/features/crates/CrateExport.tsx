import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useErrorText } from '../../lib/errors';
import { useConnectionsQuery } from '../account/queries';
import { useExportCrateMutation } from './queries';

const TARGETS = ['spotify', 'apple'] as const;

/**
 * CRATE-EXPORT-1: a crate becomes a playlist in the person's own Spotify or Apple Music library,
 * through the account they connected; songs that service does not have are counted, not lost.
 */
export function CrateExport({ crateUuid }: { crateUuid: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const connections = useConnectionsQuery();
  const exportCrate = useExportCrateMutation(crateUuid);
  const busy = exportCrate.isPending;
  const done = exportCrate.data
    ? { target: exportCrate.variables, result: exportCrate.data }
    : null;
  const list = connections.data?.connections ?? [];
  const connected = TARGETS.filter((p) => list.find((c) => c.provider === p)?.connected);
  const offered = TARGETS.filter((p) => list.find((c) => c.provider === p)?.available);
  if (offered.length === 0) return null;
  return (
    <div className="crate-export" data-testid="crate-export">
      {connected.map((target) => (
        <button
          key={target}
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={busy}
          onClick={() => exportCrate.mutate(target)}
          data-testid={`crate-export-${target}`}
        >
          {t('crates.exportTo', { service: t(`account.providers.${target}`) })}
        </button>
      ))}
      {connected.length === 0 ? (
        <Link className="btn btn-ghost btn-sm" to="/settings/account#connections">
          {t('crates.connectToExport')}
        </Link>
      ) : null}
      {done ? (
        <p className="crate-export-done" role="status" data-testid="crate-exported">
          {t('crates.exported', {
            count: done.result.exported,
            service: t(`account.providers.${done.target}`),
          })}
          {done.result.missing > 0
            ? ` ${t('crates.exportMissing', { count: done.result.missing })}`
            : ''}{' '}
          <a href={done.result.url} target="_blank" rel="noopener noreferrer">
            {t('crates.openExport')}
          </a>
        </p>
      ) : null}
      {exportCrate.error ? (
        <p className="alert alert-error">{errorText(exportCrate.error)}</p>
      ) : null}
    </div>
  );
}
