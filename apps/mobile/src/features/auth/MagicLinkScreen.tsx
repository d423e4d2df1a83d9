import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityIndicator } from 'react-native';
import { useLocalSearchParams, useRouter } from 'expo-router';
import { signIn } from '../../lib/session';
import { theme } from '../../ui/theme';
import { AFTER_SIGN_IN } from './SignInScreen';
import { errorText } from './errors';
import { useMagicLinkMutation } from './queries';
import { Button, Card, ErrorText, Muted, Screen, Title, useTitle } from './ui';
import './i18n';

/**
 * A magic link opened on the phone (`<scheme>://magic-link/<token>` or the https address):
 * exchanges the single-use token for a session, as the web does, then goes to the rooms tab.
 */
export function MagicLinkScreen() {
  const { t } = useTranslation();
  useTitle(t('auth.signInTitle'));
  const router = useRouter();
  const { token = '' } = useLocalSearchParams<{ token: string }>();
  const { mutateAsync: validate } = useMagicLinkMutation();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    validate(token)
      .then(async ({ accessToken }) => {
        await signIn(accessToken);
        router.replace(AFTER_SIGN_IN);
      })
      .catch((err: unknown) => setError(errorText(err, t('auth.generic'))));
  }, [token, validate, router, t]);

  return (
    <Screen testID="magic-link-screen">
      <Title>{error ? t('auth.magicFailed') : t('auth.magicTitle')}</Title>
      <Card>
        {error ? (
          <>
            <ErrorText>{error}</ErrorText>
            <Muted>{t('auth.magicFailedHelp')}</Muted>
            <Button label={t('auth.toSignIn')} onPress={() => router.replace('/sign-in')} />
          </>
        ) : (
          <ActivityIndicator color={theme.brand} size="large" />
        )}
      </Card>
    </Screen>
  );
}
