import { ContinueWithDiscord } from '../discord/ContinueWithDiscord';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { AuthCard } from '../../ui/AuthCard';
import { Field } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { signIn } from '../../entities/session/session';
import { useSignUpMutation } from './queries';

/**
 * /signup, and /signup/voucher?code=… (VOUCHER-1): the same form, with the invitation code that
 * an admin's voucher link carries (it may also grant a capability such as uploading music).
 */
export function SignUpPage({ voucher = false }: { voucher?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const [voucherCode, setVoucherCode] = useState(search.get('code') ?? '');

  const form = useSubmit(
    useSignUpMutation(),
    () => ({
      body: { email, password, nickname: nickname.trim() || undefined },
      voucherCode: voucher ? voucherCode : undefined,
    }),
    ({ accessToken }) => {
      signIn(accessToken);
      navigate(`/verify-email?email=${encodeURIComponent(email.trim().toLowerCase())}`);
    },
  );

  return (
    <AuthCard
      title={voucher ? t('signup.voucherTitle') : t('signup.title')}
      lead={voucher ? t('signup.voucherLead') : t('signup.lead')}
      testId="signup-page"
      footer={<Trans i18nKey="signup.haveAccount" components={{ login: <Link to="/login" /> }} />}
    >
      {voucher ? null : <ContinueWithDiscord divider />}
      <form className="form" onSubmit={form.submit} noValidate>
        {voucher ? (
          <Field
            label={t('signup.voucherCode')}
            name="voucherCode"
            required
            autoCapitalize="characters"
            placeholder="TT-XXXX-XXXX"
            value={voucherCode}
            onChange={(e) => setVoucherCode(e.target.value)}
            data-testid="voucher-code"
          />
        ) : null}
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
