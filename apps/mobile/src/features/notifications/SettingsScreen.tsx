import { Stack } from 'expo-router';
import { useTranslation } from 'react-i18next';
import { ActivityIndicator, ScrollView, Switch, Text, View } from 'react-native';
import { SafeAreaView } from 'react-native-safe-area-context';
import { NOTIFICATION_KINDS } from '@tt/protocol';
import { currentToken } from '../../lib/token';
import { theme } from '../../ui/theme';
import './i18n';
import { useNotificationSettingsQuery, useUpdateNotificationSettingsMutation } from './queries';
import { s } from './styles';

/** Which kinds of notification to get, in the app and as push (NOTIFY-SET-1). */
export default function NotificationSettingsScreen() {
  const { t } = useTranslation();
  const settings = useNotificationSettingsQuery();
  const update = useUpdateNotificationSettingsMutation();
  return (
    <SafeAreaView
      style={s.screen}
      edges={['bottom', 'left', 'right']}
      testID="notification-settings"
    >
      <Stack.Screen options={{ title: t('notifications.settings.title') }} />
      {!currentToken() ? (
        <Text style={s.empty}>{t('notifications.signIn')}</Text>
      ) : settings.isPending ? (
        <ActivityIndicator color={theme.brand} accessibilityLabel={t('notifications.loading')} />
      ) : settings.isError ? (
        <Text style={[s.empty, s.error]}>{t('notifications.error')}</Text>
      ) : (
        <ScrollView contentContainerStyle={{ paddingVertical: 12 }}>
          <Text style={[s.muted, { marginHorizontal: 16, marginBottom: 12 }]}>
            {t('notifications.settings.pushHint')}
          </Text>
          {update.isError && (
            <Text style={[s.error, { marginHorizontal: 16, marginBottom: 8 }]}>
              {t('notifications.settings.saveFailed')}
            </Text>
          )}
          {NOTIFICATION_KINDS.map((kind) => {
            const v = settings.data.kinds[kind];
            return (
              <View key={kind} style={s.card} testID={`setting-${kind}`}>
                <Text style={s.title}>{t(`notifications.settings.kinds.${kind}`)}</Text>
                <Text style={s.muted}>{t(`notifications.settings.hints.${kind}`)}</Text>
                <View style={[s.row, { marginTop: 8 }]}>
                  <Text style={s.text}>{t('notifications.settings.app')}</Text>
                  <Switch
                    testID={`setting-${kind}-app`}
                    accessibilityLabel={`${t(`notifications.settings.kinds.${kind}`)}: ${t('notifications.settings.app')}`}
                    value={v?.app ?? true}
                    onValueChange={(app) => update.mutate({ [kind]: { app } })}
                    trackColor={{ true: theme.brand, false: theme.border }}
                  />
                  <View style={s.spacer} />
                  <Text style={s.text}>{t('notifications.settings.push')}</Text>
                  <Switch
                    testID={`setting-${kind}-push`}
                    accessibilityLabel={`${t(`notifications.settings.kinds.${kind}`)}: ${t('notifications.settings.push')}`}
                    value={v?.push ?? true}
                    onValueChange={(push) => update.mutate({ [kind]: { push } })}
                    trackColor={{ true: theme.brand, false: theme.border }}
                  />
                </View>
              </View>
            );
          })}
        </ScrollView>
      )}
    </SafeAreaView>
  );
}
