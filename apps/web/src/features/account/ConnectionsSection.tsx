import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UserMusicProvider, type MusicConnectionDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { connectApple, startOAuth } from './connect';
import {
  useConnectionsQuery,
  useDisconnectMutation,
  useMusicProvidersMutation,
  useMusicProvidersQuery,
} from './queries';
import { queryClient } from '../../lib/queryClient';
import { accountKeys } from './queries';

/** Music providers: connect or disconnect each; the preferred order of them all. */
export function ConnectionsSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const connections = useConnectionsQuery();
  return (
    <section className="card edit-section" id="connections" data-testid="account-connections">
      <h2>{t('account.connectionsTitle')}</h2>
      <p className="muted">{t('account.connectionsLead')}</p>
      {connections.error ? (
        <p className="alert alert-error">{errorText(connections.error)}</p>
      ) : null}
      <ul className="connection-list">
        {(connections.data?.connections ?? []).map((c) => (
          <ConnectionRow key={c.provider} c={c} />
        ))}
      </ul>
      <PreferredProviders />
    </section>
  );
}

function ConnectionRow({ c }: { c: MusicConnectionDto }) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const disconnect = useDisconnectMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const connect = async () => {
    setBusy(true);
    setError(null);
    try {
      if (c.provider === 'apple') {
        await connectApple(c.developerToken!);
        await queryClient.invalidateQueries({ queryKey: accountKeys.connections });
      } else await startOAuth(c);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const shown = error ?? disconnect.error;
  return (
    <li data-testid={`connection-${c.provider}`}>
      <span className={`provider-badge provider-${c.provider}`} aria-hidden="true">
        {t(`account.providers.${c.provider}`).slice(0, 1)}
      </span>
      <span className="connection-name">
        <strong>{t(`account.providers.${c.provider}`)}</strong>
        <small className="muted">
          {c.connected
            ? t('account.connectedSince', {
                when: new Date(c.connectedAt!).toLocaleDateString(i18n.language),
              })
            : c.available
              ? t('account.notConnected')
              : t('account.unavailable')}
        </small>
      </span>
      {c.connected ? (
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          disabled={disconnect.isPending}
          onClick={() => disconnect.mutate(c.provider)}
          data-testid={`disconnect-${c.provider}`}
        >
          {t('account.disconnect')}
        </button>
      ) : c.available ? (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={busy}
          onClick={() => void connect()}
          data-testid={`connect-${c.provider}`}
        >
          {t('account.connect')}
        </button>
      ) : null}
      {shown ? <p className="alert alert-error">{errorText(shown)}</p> : null}
    </li>
  );
}

/**
 * The default order, then every other service a person may prefer (MUSIC-PROVIDERS-5): the ones
 * the platform has songs from (7digital, Deezer, Napster, TIDAL) and those whose links it only
 * recognises.
 */
const DEFAULT_PREFERENCE = [
  'apple',
  'spotify',
  'youtube',
  'soundcloud',
  'audius',
  ...UserMusicProvider.options.filter(
    (p) => !['apple', 'spotify', 'youtube', 'soundcloud', 'audius'].includes(p),
  ),
] as UserMusicProvider[];

/** A saved order, with the services added since it was saved at its end (default order). */
function withEveryProvider(saved: readonly UserMusicProvider[]): UserMusicProvider[] {
  if (saved.length === 0) return [...DEFAULT_PREFERENCE];
  return [...saved, ...DEFAULT_PREFERENCE.filter((p) => !saved.includes(p))];
}

/** The order in which the person prefers providers (first = most preferred); saved at once. */
function PreferredProviders() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const query = useMusicProvidersQuery();
  const save = useMusicProvidersMutation();
  // Nothing saved yet: the default order, which the person can then change; a saved order
  // gets the services it does not name yet at its end.
  const list = withEveryProvider(query.data?.musicProviders ?? []);
  if (!query.data) return null;
  const move = (i: number, by: -1 | 1) => {
    const next: UserMusicProvider[] = [...list];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    save.mutate(next);
  };
  return (
    <div className="preferred-providers" data-testid="preferred-providers">
      <h3>{t('account.preferredTitle')}</h3>
      <p className="muted">{t('account.preferredLead')}</p>
      {save.error ? <p className="alert alert-error">{errorText(save.error)}</p> : null}
      <ol>
        {list.map((p, i) => (
          <li key={p} data-testid="preferred-provider">
            <span>{t(`account.providers.${p}`)}</span>
            <span className="form-actions-inline">
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={i === 0}
                onClick={() => move(i, -1)}
                aria-label={t('account.moveUp', { name: t(`account.providers.${p}`) })}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                disabled={i === list.length - 1}
                onClick={() => move(i, 1)}
                aria-label={t('account.moveDown', { name: t(`account.providers.${p}`) })}
              >
                ↓
              </button>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
