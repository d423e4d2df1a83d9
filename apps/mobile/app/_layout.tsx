import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Tabs } from 'expo-router';
import { StatusBar } from 'expo-status-bar';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { StyleSheet, Text, type ColorValue } from 'react-native';
import { SafeAreaProvider } from 'react-native-safe-area-context';
import { i18n } from '../src/i18n';
import { BanBanner } from '../src/features/auth/BanBanner';
import { useChatLive } from '../src/features/chat/live';
import { BackButton, TABS, tabOf } from '../src/features/rooms/navigation';
import { queryClient } from '../src/lib/queryClient';
import { usePushRegistration, usePushResponses, unregisterPush } from '../src/features/push';
import { restoreAnnounceLevel } from '../src/features/settings/announce-level';
import { restoreLanguage } from '../src/features/settings/language';
import { bootstrapSession, onBeforeSignOut, useSession } from '../src/lib/session';
import { loadToken } from '../src/lib/token';
import { theme } from '../src/ui/theme';

/** Screens render once the stored token is read, so their first calls carry it. */
function useTokenLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    let live = true;
    void loadToken().finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);
  return loaded;
}

/**
 * The bottom tabs Rooms / Messages / Notifications / Profile. Every other route (a room, sign-in,
 * a conversation, the DJ screens…) opens above them without a tab of its own, with a back button;
 * the back button and Android's back go through the history of what was opened.
 */
function AppTabs() {
  const { t } = useTranslation();
  return (
    <Tabs
      backBehavior="history"
      screenOptions={({ route }) => {
        const tab = tabOf(route.name);
        return {
          headerStyle: { backgroundColor: theme.surface },
          headerTintColor: theme.text,
          sceneStyle: { backgroundColor: theme.bg },
          tabBarStyle: { backgroundColor: theme.surface, borderTopColor: theme.border },
          tabBarActiveTintColor: theme.text,
          tabBarInactiveTintColor: theme.muted,
          tabBarActiveBackgroundColor: theme.bg,
          ...(tab
            ? {
                title: t(`nav.${tab.key}`),
                // Its name alone: the default counts the hidden routes too ("tab 1 of 18").
                tabBarAccessibilityLabel: t(`nav.${tab.key}`),
                tabBarButtonTestID: `tab-${tab.key}`,
                tabBarIcon: ({ color }: { color: ColorValue }) => (
                  <Text style={[styles.glyph, { color }]}>{tab.glyph}</Text>
                ),
              }
            : {
                // What `href: null` does for a declared screen (expo-router's Tabs only reads
                // `href` from a screen's own options, and these routes are not declared).
                tabBarItemStyle: { display: 'none' as const },
                tabBarButton: () => null,
                headerLeft: () => <BackButton label={t('nav.back')} />,
              }),
        };
      }}
    >
      {/* The tabs' order: the declared screens come first, in this order; every other route is
          appended after them, hidden. A folder that gains a _layout.tsx becomes `messages` rather
          than `messages/index`: tabOf() still finds it, and its name here must change with it
          (src/tab-order.test.tsx renders every route of app/ and checks the order). */}
      {TABS.map((tab) => (
        <Tabs.Screen key={tab.key} name={tab.routes[tab.routes.length - 1]} />
      ))}
    </Tabs>
  );
}

/**
 * Push on this phone: the device is registered while someone is signed in and taken off the
 * account before a sign-out; tapping a push opens its room or conversation.
 */
function PushWiring() {
  const session = useSession();
  usePushResponses();
  usePushRegistration(session.kind === 'user' ? session.token : null);
  useEffect(() => onBeforeSignOut(unregisterPush), []);
  return null;
}

/** Providers around every screen: server state, translations, safe areas. */
export default function RootLayout() {
  const loaded = useTokenLoaded();
  useEffect(() => {
    // The language chosen last time, and the session (the stored token, or a guest's).
    void restoreLanguage().catch(() => undefined);
    void restoreAnnounceLevel().catch(() => undefined); // A11Y-PHONE-3
    void bootstrapSession().catch(() => undefined);
  }, []);
  useChatLive();
  return (
    <SafeAreaProvider>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <StatusBar style="light" />
          {loaded && <PushWiring />}
          {loaded && <AppTabs />}
          {loaded && <BanBanner />}
        </I18nextProvider>
      </QueryClientProvider>
    </SafeAreaProvider>
  );
}

const styles = StyleSheet.create({
  glyph: { fontSize: 20 },
});
