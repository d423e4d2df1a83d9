import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { authEndpoints } from '@tt/protocol';
import { api } from '../../lib/api';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { AuthCard } from '../../ui/AuthCard';
import { Field } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { signIn } from './session';

export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');

  const form = useSubmit(
    () =>
      api.call(authEndpoints.signUp, {
        body: { email, password, nickname: nickname.trim() || undefined },
      }),
    ({ accessToken }) => {
      signIn(accessToken);
      navigate(`/verify-email?email=${encodeURIComponent(email.trim().toLowerCase())}`);
    },
  );

  return (
    <AuthCard
      title={t('signup.title')}
      lead={t('signup.lead')}
      testId="signup-page"
      footer={<Trans i18nKey="signup.haveAccount" components={{ login: <Link to="/login" /> }} />}
    >
      <form className="form" onSubmit={form.submit} noValidate>
        <Field
          label={t('fields.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label={t('fields.password')}
          type="password"
          name="password"
          autoComplete="new-password"
          required
          minLength={8}
          hint={t('signup.passwordHint')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label={t('fields.nickname')}
          aside={t('fields.optional')}
          name="nickname"
          autoComplete="nickname"
          maxLength={40}
          hint={t('signup.nicknameHint')}
          value={nickname}
          onChange={(e) => setNickname(e.target.value)}
        />
        <Alert>{form.error}</Alert>
        <SubmitButton
          phase={form.phase}
          idle={t('signup.submit')}
          submitting={t('signup.submitting')}
          testId="signup-submit"
        />
        <p className="fine-print">{t('signup.finePrint')}</p>
      </form>
    </AuthCard>
  );
}
