import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { authEndpoints } from '@tt/protocol';
import { api } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';

/** E-mail + password login; answers the access token to `onToken`. */
export function EmailLoginForm({ onToken }: { onToken: (accessToken: string) => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useSubmit(
    () => api.call(authEndpoints.login, { body: { email, password } }),
    (r) => onToken(r.accessToken),
  );

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
      <Alert>{form.error}</Alert>
      <SubmitButton
        phase={form.phase}
        idle={t('login.submit')}
        submitting={t('login.submitting')}
        testId="login-submit"
      />
    </form>
  );
}
