import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Stack } from 'expo-router';
import { StatusBar } from 'expo-status-bar';
import { I18nextProvider } from 'react-i18next';
import { SafeAreaProvider } from 'react-native-safe-area-context';
import { i18n } from '../src/i18n';
import { queryClient } from '../src/lib/queryClient';
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

/** Providers around every screen: server state, translations, safe areas. */
export default function RootLayout() {
  const loaded = useTokenLoaded();
  return (
    <SafeAreaProvider>
      <QueryClientProvider client={queryClient}>
        <I18nextProvider i18n={i18n}>
          <StatusBar style="light" />
          {loaded && (
            <Stack
              screenOptions={{
                headerStyle: { backgroundColor: theme.surface },
                headerTintColor: theme.text,
                contentStyle: { backgroundColor: theme.bg },
              }}
            />
          )}
        </I18nextProvider>
      </QueryClientProvider>
    </SafeAreaProvider>
  );
}
