import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useIsSignedIn } from '../../lib/session';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { AuthCard } from '../../ui/AuthCard';
import { Field } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useOwnProfile } from '../../entities/user/queries';
import { useResendVerificationMutation, useVerifyEmailMutation } from './queries';

/**
 * Asks for the 6-digit code of the verification e-mail. The e-mail's link
 * (/verify-email?email=…&code=…) verifies at once.
 */
export function VerifyEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const signedIn = useIsSignedIn();
  const { data: me } = useOwnProfile();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [code, setCode] = useState(params.get('code') ?? '');
  const address = email || me?.email || '';

  const verify = useSubmit(useVerifyEmailMutation(), () => ({ email: address, code }));
  const resend = useSubmit(useResendVerificationMutation(), () => address);

  // The link of the e-mail carries both: verify once, straight away.
  const autoRan = useRef(false);
  const linkEmail = params.get('email');
  const linkCode = params.get('code');
  useEffect(() => {
    if (autoRan.current || !linkEmail || !linkCode) return;
    autoRan.current = true;
    void verify.submit();
  }, [linkEmail, linkCode, verify]);

  if (verify.phase === 'submitted') {
    return (
      <AuthCard title={t('verify.doneTitle')} lead={t('verify.doneLead')} testId="verify-done">
        <div className="stack">
          {signedIn ? (
            <Link className="btn btn-primary btn-block" to="/settings/profile">
              {t('verify.setUpProfile')}
            </Link>
          ) : (
            <Link className="btn btn-primary btn-block" to="/login">
              {t('nav.login')}
            </Link>
          )}
          <Link className="btn btn-ghost btn-block" to="/">
            {t('verify.later')}
          </Link>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t('verify.title')}
      lead={address ? t('verify.leadWithEmail', { email: address }) : t('verify.lead')}
      testId="verify-page"
    >
      <form className="form" onSubmit={verify.submit} noValidate>
        {!params.get('email') && !me?.email ? (
          <Field
            label={t('fields.email')}
            type="email"
            name="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        ) : null}
        <Field
          label={t('fields.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          pattern="[0-9]*"
          maxLength={6}
          required
          className="field-code"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
        />
        <Alert testId="verify-error">{verify.error}</Alert>
        <SubmitButton
          phase={verify.phase}
          idle={t('verify.submit')}
          submitting={t('verify.submitting')}
          testId="verify-submit"
        />
      </form>
      <div className="resend">
        <p className="muted">{t('verify.noMail')}</p>
        {signedIn ? (
          <>
            <button
              type="button"
              className="btn btn-ghost btn-block"
              onClick={() => void resend.submit()}
              disabled={resend.submitting || !address}
              data-testid="verify-resend"
            >
              {resend.submitting ? t('verify.resending') : t('verify.resend')}
            </button>
            <Alert testId="resend-error">{resend.error}</Alert>
            {resend.phase === 'submitted' ? (
              <Alert kind="success">{t('verify.resent', { email: address })}</Alert>
            ) : null}
          </>
        ) : (
          <Link to="/login">{t('verify.loginToResend')}</Link>
        )}
      </div>
    </AuthCard>
  );
}
