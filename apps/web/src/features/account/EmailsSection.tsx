import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmailType, type EmailDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import {
  useAddEmailMutation,
  useEmailsQuery,
  useRemoveEmailMutation,
  useResendCodeMutation,
  useVerifyEmailMutation,
} from './queries';

/**
 * The account's e-mail addresses: each with its type and state; a new one is added pending and
 * verified with the code it is mailed; any but the primary can be removed.
 */
export function EmailsSection() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const emails = useEmailsQuery();
  const add = useAddEmailMutation();
  const [email, setEmail] = useState('');
  const [type, setType] = useState<EmailType>('personal');
  return (
    <section className="card edit-section" data-testid="account-emails">
      <h2>{t('account.emailsTitle')}</h2>
      <p className="muted">{t('account.emailsLead')}</p>
      {emails.error ? <p className="alert alert-error">{errorText(emails.error)}</p> : null}
      <ul className="email-list">
        {(emails.data ?? []).map((e) => (
          <EmailRow key={e.id} email={e} />
        ))}
      </ul>
      <form
        className="email-add"
        onSubmit={(ev) => {
          ev.preventDefault();
          add.mutate({ email, type }, { onSuccess: () => setEmail('') });
        }}
      >
        {add.error ? <p className="alert alert-error">{errorText(add.error)}</p> : null}
        <div className="field">
          <label htmlFor="email-new">{t('account.addEmail')}</label>
          <div className="inline-form">
            <input
              id="email-new"
              type="email"
              autoComplete="email"
              required
              maxLength={320}
              value={email}
              onChange={(ev) => (setEmail(ev.target.value), add.reset())}
              data-testid="email-new"
            />
            <select
              aria-label={t('account.emailType')}
              value={type}
              onChange={(ev) => setType(ev.target.value as EmailType)}
            >
              {EmailType.options.map((o) => (
                <option key={o} value={o}>
                  {t(`account.emailTypes.${o}`)}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-primary" disabled={add.isPending}>
              {t('account.add')}
            </button>
          </div>
        </div>
      </form>
    </section>
  );
}

function EmailRow({ email: e }: { email: EmailDto }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const remove = useRemoveEmailMutation();
  const verify = useVerifyEmailMutation();
  const resend = useResendCodeMutation();
  const [code, setCode] = useState('');
  const pending = e.status === 'PENDING_VERIFICATION';
  const error = remove.error ?? verify.error ?? resend.error;
  return (
    <li data-testid="email-row">
      <div className="email-head">
        <strong className="email-address">{e.email}</strong>
        <span className="tag">{t(`account.emailTypes.${e.type}`)}</span>
        {e.isPrimary ? <span className="tag">{t('account.primary')}</span> : null}
        <span className={`tag${pending ? ' is-bad' : ''}`}>
          {pending ? t('account.unverified') : t('account.verified')}
        </span>
        {!e.isPrimary ? (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={remove.isPending}
            onClick={() => remove.mutate(e.id)}
          >
            {t('account.remove')}
          </button>
        ) : null}
      </div>
      {error ? <p className="alert alert-error">{errorText(error)}</p> : null}
      {pending ? (
        <form
          className="inline-form email-verify"
          onSubmit={(ev) => {
            ev.preventDefault();
            verify.mutate({ email: e.email, code });
          }}
        >
          <input
            inputMode="numeric"
            pattern="\d{6}"
            maxLength={6}
            placeholder="123456"
            aria-label={t('account.code')}
            value={code}
            onChange={(ev) => setCode(ev.target.value.trim())}
            data-testid="email-code"
          />
          <button type="submit" className="btn btn-primary btn-sm" disabled={verify.isPending}>
            {t('account.verify')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={resend.isPending}
            onClick={() => resend.mutate(e.email)}
          >
            {resend.isSuccess ? t('account.codeSent') : t('account.sendCode')}
          </button>
        </form>
      ) : null}
    </li>
  );
}
