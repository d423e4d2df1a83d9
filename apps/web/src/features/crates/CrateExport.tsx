import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { crateExportEndpoints, type CrateExportDto } from '@tt/protocol';
import { api } from '../../lib/api';
import { useErrorText } from '../../lib/errors';
import { useConnectionsQuery } from '../account/queries';

const TARGETS = ['spotify', 'apple'] as const;
type Target = (typeof TARGETS)[number];

/**
 * CRATE-EXPORT-1: a crate becomes a playlist in the person's own Spotify or Apple Music library,
 * through the account they connected; songs that service does not have are counted, not lost.
 */
export function CrateExport({ crateUuid }: { crateUuid: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const connections = useConnectionsQuery();
  const [busy, setBusy] = useState<Target | null>(null);
  const [done, setDone] = useState<{ target: Target; result: CrateExportDto } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const list = connections.data?.connections ?? [];
  const connected = TARGETS.filter((p) => list.find((c) => c.provider === p)?.connected);
  const offered = TARGETS.filter((p) => list.find((c) => c.provider === p)?.available);
  if (offered.length === 0) return null;
  const run = async (target: Target) => {
    setBusy(target);
    setError(null);
    try {
      const result = await api.call(crateExportEndpoints[target], { body: { crateUuid } });
      setDone({ target, result });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="crate-export" data-testid="crate-export">
      {connected.map((target) => (
        <button
          key={target}
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={busy !== null}
          onClick={() => void run(target)}
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
      {error ? <p className="alert alert-error">{error}</p> : null}
    </div>
  );
}
