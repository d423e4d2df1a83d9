import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NOTIFICATION_KINDS } from '@tt/protocol';
import { disablePush, enablePush, pushState, type PushState } from '../../lib/push';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from './queries';
import '../../styles/notifications.css';

/** Push on this browser: on, off, blocked by the browser, or not available. */
function BrowserPush() {
  const { t } = useTranslation();
  const [state, setState] = useState<PushState | 'busy'>('busy');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    void pushState().then(setState);
  }, []);
  const toggle = async () => {
    const was = state;
    setState('busy');
    setFailed(false);
    try {
      setState(was === 'on' ? await disablePush() : await enablePush());
    } catch {
      setFailed(true);
      setState(await pushState());
    }
  };
  return (
    <section className="card notif-push" data-testid="browser-push">
      <div>
        <h2>{t('notifications.push.title')}</h2>
        <p className="fine-print">{t(`notifications.push.state.${state}`)}</p>
        {failed ? <p className="alert alert-error">{t('notifications.push.failed')}</p> : null}
      </div>
      {state === 'on' || state === 'off' ? (
        <button
          type="button"
          className={`btn ${state === 'on' ? 'btn-ghost' : 'btn-primary'}`}
          onClick={() => void toggle()}
        >
          {state === 'on' ? t('notifications.push.disable') : t('notifications.push.enable')}
        </button>
      ) : null}
    </section>
  );
}

/** Which kinds of notification to get, in the app and on devices (NOTIFY-SET-1). */
export default function NotificationSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notifications.settings.title'));
  const settings = useNotificationSettingsQuery();
  const update = useUpdateNotificationSettingsMutation();
  return (
    <div className="container notif-page" data-testid="notification-settings">
      <div className="notif-page-head">
        <h1>{t('notifications.settings.title')}</h1>
        <Link className="btn btn-ghost btn-sm" to="/notifications">
          {t('notifications.title')}
        </Link>
      </div>
      <BrowserPush />
      <section className="card">
        <table className="notif-settings">
          <thead>
            <tr>
              <th scope="col">{t('notifications.settings.kind')}</th>
              <th scope="col">{t('notifications.settings.app')}</th>
              <th scope="col">{t('notifications.settings.push')}</th>
            </tr>
          </thead>
          <tbody>
            {NOTIFICATION_KINDS.map((kind) => {
              const s = settings.data?.kinds[kind];
              const label = t(`notifications.settings.kinds.${kind}`);
              return (
                <tr key={kind}>
                  <th scope="row">
                    <span>{label}</span>
                    <small>{t(`notifications.settings.hints.${kind}`)}</small>
                  </th>
                  {(['app', 'push'] as const).map((ch) => (
                    <td key={ch}>
                      <label className="switch">
                        <input
                          type="checkbox"
                          checked={s?.[ch] ?? true}
                          disabled={!s}
                          onChange={(e) => update.mutate({ [kind]: { [ch]: e.target.checked } })}
                          data-testid={`setting-${kind}-${ch}`}
                          aria-label={`${label}: ${t(`notifications.settings.${ch}`)}`}
                        />
                        <span aria-hidden="true" />
                      </label>
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </div>
  );
}
