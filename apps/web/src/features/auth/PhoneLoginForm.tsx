import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { useSendPhoneCodeMutation, useVerifyPhoneCodeMutation } from './queries';

/**
 * Phone login in two steps: the number (the server texts a code; VoIP and landlines are refused
 * with the API's message), then the six-digit code.
 */
export function PhoneLoginForm({ onToken }: { onToken: (accessToken: string) => void }) {
  const { t } = useTranslation();
  const [phoneNumber, setPhoneNumber] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'number' | 'code'>('number');
  const [resent, setResent] = useState(false);

  const send = useSubmit(
    useSendPhoneCodeMutation(),
    () => phoneNumber,
    () => {
      setStep('code');
      setCode('');
    },
  );
  const resend = useSubmit(
    useSendPhoneCodeMutation(),
    () => phoneNumber,
    () => setResent(true),
  );
  const verify = useSubmit(
    useVerifyPhoneCodeMutation(),
    () => ({ phoneNumber, code }),
    (r) => onToken(r.accessToken),
  );

  if (step === 'number') {
    return (
      <form className="form" onSubmit={send.submit} noValidate data-testid="phone-login-form">
        <Field
          label={t('fields.phone')}
          type="tel"
          name="phoneNumber"
          autoComplete="tel"
          inputMode="tel"
          required
          placeholder="+44 7400 123456"
          hint={t('phone.hint')}
          value={phoneNumber}
          onChange={(e) => setPhoneNumber(e.target.value)}
        />
        <Alert testId="phone-error">{send.error}</Alert>
        <SubmitButton
          phase={send.phase}
          idle={t('phone.send')}
          submitting={t('phone.sending')}
          testId="phone-send"
        />
      </form>
    );
  }

  return (
    <form className="form" onSubmit={verify.submit} noValidate data-testid="phone-code-form">
      <p className="muted">{t('phone.sentTo', { phone: phoneNumber })}</p>
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
      <Alert testId="phone-error">{verify.error ?? resend.error}</Alert>
      {resent && !resend.error ? <Alert kind="success">{t('phone.resent')}</Alert> : null}
      <SubmitButton
        phase={verify.phase}
        idle={t('login.submit')}
        submitting={t('login.submitting')}
        testId="phone-verify"
      />
      <div className="form-actions-inline">
        <button type="button" className="btn btn-link" onClick={() => setStep('number')}>
          {t('phone.changeNumber')}
        </button>
        <button
          type="button"
          className="btn btn-link"
          onClick={() => void resend.submit()}
          disabled={resend.submitting}
        >
          {t('phone.resend')}
        </button>
      </div>
    </form>
  );
}
