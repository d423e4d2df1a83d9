import { useState } from 'react';
import { usePathname } from 'expo-router';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import { useSafeAreaInsets } from 'react-native-safe-area-context';
import { sessionEndedBy, useSession } from '../../lib/session';
import { theme } from '../../ui/theme';
import { bannedUntil, banText } from './errors';
import './ban-i18n';

/** Screens that tell a ban themselves (SEC-SESSION-3): the sign-in form and a room. */
const tellsItself = (path: string) => path === '/sign-in' || path.startsWith('/room/');

/**
 * BAN-NOTICE-1: when a ban ends the session, whichever screen is open, a banner at the top says
 * so and until when, in the app's language and the phone's time zone, until it is closed or
 * someone signs in again.
 */
export function BanBanner() {
  const { t } = useTranslation();
  const session = useSession();
  const path = usePathname();
  const insets = useSafeAreaInsets();
  const ended = sessionEndedBy();
  const [closed, setClosed] = useState<unknown>(null);
  const until = bannedUntil(ended);
  if (until === undefined || session.kind === 'user' || closed === ended || tellsItself(path)) {
    return null;
  }
  return (
    <View style={[styles.banner, { paddingTop: insets.top + 10 }]} testID="ban-banner">
      <Text style={styles.text} accessibilityRole="alert">
        {`${t('auth.signedOutBanned')} ${banText(until)}`}
      </Text>
      <Pressable
        accessibilityRole="button"
        accessibilityLabel={t('banNotice.close')}
        onPress={() => setClosed(ended)}
        style={styles.close}
        testID="ban-banner-close"
      >
        <Text style={styles.closeText}>{t('banNotice.close')}</Text>
      </Pressable>
    </View>
  );
}

const styles = StyleSheet.create({
  banner: {
    position: 'absolute',
    top: 0,
    left: 0,
    right: 0,
    flexDirection: 'row',
    alignItems: 'center',
    gap: 12,
    paddingHorizontal: 16,
    paddingBottom: 12,
    backgroundColor: theme.surface,
    borderBottomColor: theme.danger,
    borderBottomWidth: 2,
  },
  text: { flex: 1, color: theme.text, fontSize: 15 },
  close: { paddingHorizontal: 12, paddingVertical: 8, borderRadius: 8, backgroundColor: theme.bg },
  closeText: { color: theme.text, fontWeight: '600' },
});
