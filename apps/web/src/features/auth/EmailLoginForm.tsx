import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorCodeOf } from '../../lib/errors';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useLoginMutation, useResendPublicMutation } from './queries';

/** E-mail + password login; answers the access token to `onToken`. */
export function EmailLoginForm({ onToken }: { onToken: (accessToken: string) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLoginMutation();
  const form = useSubmit(
    login,
    () => ({ email, password }),
    (r) => onToken(r.accessToken),
  );
  // VERIFY-LOGIN-1: a right password on an unverified address leads on, not to a dead end.
  const unverified =
    errorCodeOf(login.error) === 'EMAIL_NOT_VERIFIED' && login.variables
      ? login.variables.email.trim().toLowerCase()
      : null;
  const resend = useSubmit(useResendPublicMutation(), () => unverified ?? '');

  return (
    <form className="form" onSubmit={form.submit} noValidate data-testid="email-login-form">
      <Field
        label={t('fields.email')}
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Field
        label={t('fields.password')}
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <p className="form-row-end">
        <Link to="/forgot-password">{t('login.forgot')}</Link>
      </p>
      {unverified ? (
        <div className="alert alert-info unverified-login" data-testid="login-unverified">
          <p>{t('login.unverified')}</p>
          <div className="form-actions-inline">
            <Link
              className="btn btn-primary btn-sm"
              to={`/verify-email?email=${encodeURIComponent(unverified)}`}
              data-testid="login-verify-now"
            >
              {t('login.verifyNow')}
            </Link>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={resend.submitting}
              onClick={() => void resend.submit()}
              data-testid="login-resend"
            >
              {resend.phase === 'submitted' ? t('login.codeSent') : t('login.sendCode')}
            </button>
          </div>
          <Alert>{resend.error}</Alert>
        </div>
      ) : (
        <Alert>{form.error}</Alert>
      )}
      <SubmitButton
        phase={form.phase}
        idle={t('login.submit')}
        submitting={t('login.submitting')}
        testId="login-submit"
      />
    </form>
  );
}
