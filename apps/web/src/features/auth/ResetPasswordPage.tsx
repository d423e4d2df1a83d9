import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { AuthCard } from '../../ui/AuthCard';
import { Field } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { signIn } from '../../entities/session/session';
import { useResetPasswordMutation } from './queries';

/** /reset-password?token=… (the link of the reset e-mail): choose a new password. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const form = useSubmit(
    useResetPasswordMutation(),
    () => ({ token, newPassword: password }),
    (r) => signIn(r.accessToken),
  );
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (password !== confirm) form.setError(t('reset.mismatch'));
    else void form.submit();
  };

  if (!token) {
    return (
      <AuthCard title={t('reset.title')} testId="reset-page">
        <Alert>{t('reset.noToken')}</Alert>
        <Link className="btn btn-primary btn-block" to="/forgot-password">
          {t('reset.askAgain')}
        </Link>
      </AuthCard>
    );
  }

  if (form.phase === 'submitted') {
    return (
      <AuthCard title={t('reset.doneTitle')} lead={t('reset.doneLead')} testId="reset-done">
        <Link className="btn btn-primary btn-block" to="/">
          {t('reset.continue')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('reset.title')} lead={t('reset.lead')} testId="reset-page">
      <form className="form" onSubmit={onSubmit} noValidate>
        <Field
          label={t('fields.newPassword')}
          type="password"
          name="newPassword"
          autoComplete="new-password"
          required
          minLength={8}
          hint={t('signup.passwordHint')}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Field
          label={t('fields.confirmPassword')}
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <Alert>{form.error}</Alert>
        <SubmitButton
          phase={form.phase}
          idle={t('reset.submit')}
          submitting={t('reset.submitting')}
        />
      </form>
    </AuthCard>
  );
}
