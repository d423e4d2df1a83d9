import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalSearchParams, useRouter } from 'expo-router';
import { useMe } from '../../lib/session';
import { AFTER_SIGN_IN } from './SignInScreen';
import { errorText } from './errors';
import { useVerifyEmailMutation } from './queries';
import { Button, Card, ErrorText, Field, Muted, Screen, Title, useTitle } from './ui';
import './i18n';

/**
 * The e-mail's 6-digit code. The e-mail's link (/verify-email?email=…&code=…, by https or the app's
 * scheme) opens here and verifies at once, as on the web.
 */
export function VerifyEmailScreen() {
  const { t } = useTranslation();
  useTitle(t('auth.verifyTitle'));
  const router = useRouter();
  const params = useLocalSearchParams<{ email?: string; code?: string }>();
  const { data: me } = useMe();
  const [email, setEmail] = useState(params.email ?? '');
  const [code, setCode] = useState(params.code ?? '');
  const verify = useVerifyEmailMutation();
  const address = email || me?.email || '';

  const auto = useRef(false);
  useEffect(() => {
    if (auto.current || !params.email || !params.code) return;
    auto.current = true;
    verify.mutate({ email: params.email, code: params.code });
  }, [params.email, params.code, verify]);

  return (
    <Screen testID="verify-email-screen">
      <Title>{t('auth.verifyTitle')}</Title>
      <Card>
        {verify.isSuccess ? (
          <>
            <Muted>{t('auth.verified')}</Muted>
            <Button label={t('auth.continue')} onPress={() => router.replace(AFTER_SIGN_IN)} />
          </>
        ) : (
          <>
            <Muted>{t('auth.verifyLead')}</Muted>
            <Field
              label={t('auth.email')}
              value={address}
              onChangeText={setEmail}
              keyboardType="email-address"
            />
            <Field
              label={t('auth.code')}
              value={code}
              onChangeText={setCode}
              keyboardType="number-pad"
              maxLength={6}
              testID="verify-code"
            />
            <ErrorText>
              {verify.error ? errorText(verify.error, t('auth.generic')) : null}
            </ErrorText>
            <Button
              label={t('auth.verify')}
              busy={verify.isPending}
              testID="verify-submit"
              onPress={() => verify.mutate({ email: address.trim(), code: code.trim() })}
            />
          </>
        )}
      </Card>
    </Screen>
  );
}
