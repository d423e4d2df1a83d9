import { router } from 'expo-router';
import { Pressable, StyleSheet, Text } from 'react-native';
import { i18n } from '../../i18n';
import { theme } from '../../ui/theme';

/** The bottom tabs, in order: the route each opens (with or without a folder layout) and its glyph. */
export const TABS = [
  { key: 'rooms', routes: ['index'], glyph: '♫' },
  { key: 'messages', routes: ['messages', 'messages/index'], glyph: '✉' },
  { key: 'notifications', routes: ['notifications', 'notifications/index'], glyph: '◉' },
  { key: 'profile', routes: ['profile', 'profile/index'], glyph: '☺' },
] as const;

export type TabKey = (typeof TABS)[number]['key'];

/** The tab a route is, or undefined for the screens reached from a tab (a room, a form…). */
export const tabOf = (routeName: string) =>
  TABS.find((tab) => tab.routes.some((r) => r === routeName));

/** Back to where the user came from, or to the rooms. */
export function BackButton({ label }: { label: string }) {
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={label}
      testID="nav-back"
      onPress={() => (router.canGoBack() ? router.back() : router.replace('/'))}
      style={styles.back}
    >
      <Text style={styles.backText}>‹</Text>
    </Pressable>
  );
}

const styles = StyleSheet.create({
  back: { minWidth: 44, minHeight: 44, alignItems: 'center', justifyContent: 'center' },
  backText: { color: theme.text, fontSize: 30, lineHeight: 32 },
});

const en = {
  nav: {
    rooms: 'Rooms',
    messages: 'Messages',
    notifications: 'Notifications',
    profile: 'Profile',
    back: 'Back',
  },
};
const es: typeof en = {
  nav: {
    rooms: 'Salas',
    messages: 'Mensajes',
    notifications: 'Avisos',
    profile: 'Perfil',
    back: 'Atrás',
  },
};
i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('es', 'translation', es, true, true);
