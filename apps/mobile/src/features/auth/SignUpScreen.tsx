import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Text } from 'react-native';
import { useRouter } from 'expo-router';
import { signIn } from '../../lib/session';
import { errorText } from './errors';
import { useSignUpMutation } from './queries';
import { Button, Card, ErrorText, Field, Muted, Screen, Title, styles, useTitle } from './ui';
import './i18n';

/**
 * A new account by e-mail and password. The server signs the account in and sends the
 * verification e-mail, whose link opens the verify route of this app; meanwhile the code is asked.
 */
export function SignUpScreen() {
  const { t } = useTranslation();
  useTitle(t('auth.signUpTitle'));
  const router = useRouter();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [nickname, setNickname] = useState('');
  const signUp = useSignUpMutation();

  const submit = () =>
    signUp.mutate(
      { email: email.trim(), password, nickname: nickname.trim() || undefined },
      {
        onSuccess: async (r) => {
          await signIn(r.accessToken);
          router.replace({ pathname: '/verify-email', params: { email: email.trim() } });
        },
      },
    );

  return (
    <Screen testID="sign-up-screen">
      <Title>{t('auth.signUpTitle')}</Title>
      <Muted>{t('auth.signUpLead')}</Muted>
      <Card>
        <Field
          label={t('auth.email')}
          value={email}
          onChangeText={setEmail}
          keyboardType="email-address"
          autoComplete="email"
          testID="sign-up-email"
        />
        <Field
          label={t('auth.password')}
          value={password}
          onChangeText={setPassword}
          secureTextEntry
          autoComplete="new-password"
          testID="sign-up-password"
        />
        <Field
          label={t('auth.nickname')}
          value={nickname}
          onChangeText={setNickname}
          autoCapitalize="words"
          testID="sign-up-nickname"
        />
        <ErrorText>{signUp.error ? errorText(signUp.error, t('auth.generic')) : null}</ErrorText>
        <Button
          label={t('auth.submitSignUp')}
          busy={signUp.isPending}
          onPress={submit}
          testID="sign-up-submit"
        />
      </Card>
      <Text style={styles.link} accessibilityRole="link" onPress={() => router.replace('/sign-in')}>
        {t('auth.haveAccount')}
      </Text>
    </Screen>
  );
}
