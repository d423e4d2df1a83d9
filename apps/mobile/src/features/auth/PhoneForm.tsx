import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from 'react-native';
import { errorText } from './errors';
import { useSendPhoneCodeMutation, useVerifyPhoneCodeMutation } from './queries';
import { Button, ErrorText, Field, Muted, styles } from './ui';
import './i18n';

/**
 * Phone sign-in in two steps: the number (the server texts a code; VoIP numbers and landlines are
 * refused with the server's message, shown as it is), then the six-digit code.
 */
export function PhoneForm({ onToken }: { onToken: (accessToken: string) => void }) {
  const { t } = useTranslation();
  const [phoneNumber, setPhoneNumber] = useState('');
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'number' | 'code'>('number');
  const send = useSendPhoneCodeMutation();
  const verify = useVerifyPhoneCodeMutation();
  const generic = t('auth.generic');

  if (step === 'number') {
    return (
      <>
        <Field
          label={t('auth.phone')}
          hint={t('auth.phoneHint')}
          value={phoneNumber}
          onChangeText={setPhoneNumber}
          keyboardType="phone-pad"
          autoComplete="tel"
          placeholder="+44 7400 123456"
          testID="phone-number"
        />
        <ErrorText>{send.error ? errorText(send.error, generic) : null}</ErrorText>
        <Button
          label={t('auth.sendCode')}
          busy={send.isPending}
          testID="phone-send"
          onPress={() => send.mutate(phoneNumber.trim(), { onSuccess: () => setStep('code') })}
        />
      </>
    );
  }
  return (
    <>
      <Muted>{t('auth.codeHint', { phone: phoneNumber })}</Muted>
      <Field
        label={t('auth.code')}
        value={code}
        onChangeText={setCode}
        keyboardType="number-pad"
        autoComplete="sms-otp"
        textContentType="oneTimeCode"
        maxLength={6}
        testID="phone-code"
      />
      <ErrorText>{verify.error ? errorText(verify.error, generic) : null}</ErrorText>
      <Button
        label={t('auth.verifyCode')}
        busy={verify.isPending}
        testID="phone-verify"
        onPress={() =>
          verify.mutate(
            { phoneNumber: phoneNumber.trim(), code: code.trim() },
            { onSuccess: (r) => onToken(r.accessToken) },
          )
        }
      />
      <Text style={styles.link} onPress={() => setStep('number')} accessibilityRole="link">
        {t('auth.changeNumber')}
      </Text>
    </>
  );
}
