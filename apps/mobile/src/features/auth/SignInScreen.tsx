import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import { useRouter } from 'expo-router';
import { sessionEndedBy, signIn } from '../../lib/session';
import { theme } from '../../ui/theme';
import { bannedUntil, banText, errorCodeOf, errorText } from './errors';
import { PhoneForm } from './PhoneForm';
import { useLoginMutation, useResendPublicMutation } from './queries';
import { Button, Card, ErrorText, Field, Muted, Screen, Title, styles, useTitle } from './ui';
import './i18n';

/** Where a fresh session lands: the rooms tab. */
export const AFTER_SIGN_IN = '/' as const;

/** Sign in by e-mail and password or by phone and SMS code; a magic link opens its own route. */
export function SignInScreen() {
  const { t } = useTranslation();
  useTitle(t('auth.signInTitle'));
  const router = useRouter();
  const [mode, setMode] = useState<'email' | 'phone'>('email');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLoginMutation();
  const resend = useResendPublicMutation();
  const unverified = errorCodeOf(login.error) === 'EMAIL_NOT_VERIFIED';
  // SEC-SESSION-3: a ban that ended the stored session is told, with until when.
  const ban = bannedUntil(sessionEndedBy());

  const done = async (accessToken: string) => {
    await signIn(accessToken);
    router.replace(AFTER_SIGN_IN);
  };

  return (
    <Screen testID="sign-in-screen">
      <Title>{t('auth.signInTitle')}</Title>
      <Muted>{t('auth.signInLead')}</Muted>
      {ban !== undefined && !login.error ? (
        <ErrorText>{`${t('auth.signedOutBanned')} ${banText(ban)}`}</ErrorText>
      ) : null}
      <View style={local.tabs} accessibilityRole="tablist">
        {(['email', 'phone'] as const).map((m) => (
          <Pressable
            key={m}
            accessibilityRole="tab"
            accessibilityState={{ selected: mode === m }}
            onPress={() => setMode(m)}
            style={[local.tab, mode === m && { backgroundColor: theme.brand }]}
            testID={`sign-in-tab-${m}`}
          >
            <Text style={local.tabText}>{t(m === 'email' ? 'auth.byEmail' : 'auth.byPhone')}</Text>
          </Pressable>
        ))}
      </View>
      <Card>
        {mode === 'phone' ? (
          <PhoneForm onToken={(tok) => void done(tok)} />
        ) : (
          <>
            <Field
              label={t('auth.email')}
              value={email}
              onChangeText={setEmail}
              keyboardType="email-address"
              autoComplete="email"
              testID="sign-in-email"
            />
            <Field
              label={t('auth.password')}
              value={password}
              onChangeText={setPassword}
              secureTextEntry
              autoComplete="password"
              testID="sign-in-password"
            />
            <ErrorText>{login.error ? errorText(login.error, t('auth.generic')) : null}</ErrorText>
            {unverified && (
              <>
                <Muted>{t('auth.notVerified')}</Muted>
                <Text
                  style={styles.link}
                  accessibilityRole="link"
                  onPress={() =>
                    router.push({ pathname: '/verify-email', params: { email: email.trim() } })
                  }
                >
                  {t('auth.enterCode')}
                </Text>
                {resend.isSuccess ? (
                  <Muted>{t('auth.resent')}</Muted>
                ) : (
                  <Text
                    style={styles.link}
                    accessibilityRole="link"
                    onPress={() => resend.mutate(email.trim())}
                  >
                    {t('auth.resend')}
                  </Text>
                )}
              </>
            )}
            <Button
              label={t('auth.submitSignIn')}
              busy={login.isPending}
              testID="sign-in-submit"
              onPress={() =>
                login.mutate(
                  { email: email.trim(), password },
                  { onSuccess: (r) => void done(r.accessToken) },
                )
              }
            />
          </>
        )}
      </Card>
      <Muted>{t('auth.magicHelp')}</Muted>
      <Text
        style={styles.link}
        accessibilityRole="link"
        onPress={() => router.push('/sign-up')}
        testID="to-sign-up"
      >
        {t('auth.noAccount')}
      </Text>
    </Screen>
  );
}

const local = StyleSheet.create({
  tabs: {
    flexDirection: 'row',
    backgroundColor: theme.surface,
    borderRadius: 14,
    padding: 4,
    gap: 4,
  },
  tab: { flex: 1, minHeight: 44, borderRadius: 10, alignItems: 'center', justifyContent: 'center' },
  tabText: { color: theme.text, fontWeight: '700', fontSize: 15 },
});
