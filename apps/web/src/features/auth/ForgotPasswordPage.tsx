import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { AuthCard } from '../../ui/AuthCard';
import { Field } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useForgotPasswordMutation } from './queries';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const form = useSubmit(useForgotPasswordMutation(), () => email);

  return (
    <AuthCard
      title={t('forgot.title')}
      lead={t('forgot.lead')}
      testId="forgot-page"
      footer={<Link to="/login">{t('forgot.back')}</Link>}
    >
      {form.phase === 'submitted' ? (
        <Alert kind="success" testId="forgot-sent">
          {t('forgot.sent', { email })}
        </Alert>
      ) : (
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
          <Alert>{form.error}</Alert>
          <SubmitButton
            phase={form.phase}
            idle={t('forgot.submit')}
            submitting={t('forgot.submitting')}
          />
        </form>
      )}
    </AuthCard>
  );
}
