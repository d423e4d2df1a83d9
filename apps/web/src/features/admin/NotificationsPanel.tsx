import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Alert, ErrorAlert } from '../../ui/Alert';
import { useSendNotificationMutation } from './tools-queries';
import './staff-tools.css';

const TARGETS = ['user', 'users', 'room', 'everyone'] as const;
type Target = (typeof TARGETS)[number];

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** `key=value` lines of a silent push's data; blank lines are skipped. */
function dataOf(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf('=');
    if (at > 0) out[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return out;
}

/**
 * STAFF-NOTIFY-1/2: admins send a message to one person, to a list of people, to everyone in a
 * room now, or to every account; or a silent data push to one person's devices.
 */
export function NotificationsPanel() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [target, setTarget] = useState<Target>('user');
  const [who, setWho] = useState(params.get('to') ?? '');
  const [silent, setSilent] = useState(false);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [link, setLink] = useState('');
  const [data, setData] = useState('');
  const send = useSendNotificationMutation();
  const isSilent = target === 'user' && silent;
  const submit = () => {
    const content = { title: title.trim(), body: body.trim(), link: link.trim() || undefined };
    const done = { onSuccess: () => (setTitle(''), setBody(''), setData('')) };
    if (isSilent)
      return send.mutate(
        { to: 'user', userUuid: who.trim(), silent: true, data: dataOf(data) },
        done,
      );
    if (target === 'user')
      return send.mutate({ to: 'user', userUuid: who.trim(), ...content }, done);
    if (target === 'users')
      return send.mutate({ to: 'users', userUuids: who.match(UUID) ?? [], ...content }, done);
    if (target === 'room')
      return send.mutate({ to: 'room', roomUuid: who.trim(), ...content }, done);
    send.mutate({ to: 'everyone', ...content }, done);
  };
  return (
    <section className="card" data-testid="notify-panel">
      <h2>{t('admin.notify.title')}</h2>
      <p className="fine-print admin-lead">{t('admin.notify.lead')}</p>
      <form
        className="staff-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <fieldset className="staff-choices">
          <legend>{t('admin.notify.to')}</legend>
          {TARGETS.map((value) => (
            <label key={value} className="staff-choice">
              <input
                type="radio"
                name="notify-target"
                value={value}
                checked={target === value}
                onChange={() => setTarget(value)}
                data-testid={`notify-to-${value}`}
              />
              {t(`admin.notify.targets.${value}`)}
            </label>
          ))}
        </fieldset>
        {target !== 'everyone' ? (
          <label className="field">
            <span>{t(`admin.notify.who.${target}`)}</span>
            {target === 'users' ? (
              <textarea
                value={who}
                onChange={(e) => setWho(e.target.value)}
                data-testid="notify-who"
              />
            ) : (
              <input
                value={who}
                onChange={(e) => setWho(e.target.value)}
                data-testid="notify-who"
              />
            )}
          </label>
        ) : (
          <p className="alert alert-info">{t('admin.notify.everyoneHint')}</p>
        )}
        {target === 'user' ? (
          <label className="staff-check">
            <input
              type="checkbox"
              checked={silent}
              onChange={(e) => setSilent(e.target.checked)}
              data-testid="notify-silent"
            />
            <span>
              {t('admin.notify.silent')}
              <small>{t('admin.notify.silentHint')}</small>
            </span>
          </label>
        ) : null}
        {isSilent ? (
          <label className="field">
            <span>{t('admin.notify.data')}</span>
            <textarea
              value={data}
              placeholder="sync=crates"
              onChange={(e) => setData(e.target.value)}
              data-testid="notify-data"
            />
          </label>
        ) : (
          <>
            <label className="field">
              <span>{t('admin.notify.messageTitle')}</span>
              <input
                value={title}
                maxLength={120}
                onChange={(e) => setTitle(e.target.value)}
                data-testid="notify-title"
              />
            </label>
            <label className="field">
              <span>{t('admin.notify.body')}</span>
              <textarea
                value={body}
                maxLength={500}
                onChange={(e) => setBody(e.target.value)}
                data-testid="notify-body"
              />
            </label>
            {target !== 'room' ? (
              <label className="field">
                <span>{t('admin.notify.link')}</span>
                <input
                  value={link}
                  placeholder="/rooms/slug"
                  onChange={(e) => setLink(e.target.value)}
                  data-testid="notify-link"
                />
              </label>
            ) : null}
          </>
        )}
        <ErrorAlert error={send.error} />
        {send.data && !send.isPending && !send.error ? (
          <Alert kind="success" testId="notify-sent">
            {t('admin.notify.sent', { count: send.data.recipients })}
          </Alert>
        ) : null}
        <div className="form-actions-inline">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={send.isPending}
            data-testid="notify-send"
          >
            {isSilent ? t('admin.notify.sendSilent') : t('admin.notify.send')}
          </button>
        </div>
      </form>
    </section>
  );
}
