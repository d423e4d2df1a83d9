import { useState } from 'react';
import { Link, Stack } from 'expo-router';
import { useTranslation } from 'react-i18next';
import { ActivityIndicator, FlatList, Pressable, Text, View } from 'react-native';
import { SafeAreaView } from 'react-native-safe-area-context';
import type { NotificationDto } from '@tt/protocol';
import { openLink } from '../push';
import { ApiError } from '../../lib/api';
import { currentToken } from '../../lib/token';
import { theme } from '../../ui/theme';
import './i18n';
import { useMarkReadMutation, useNotificationsQuery, useUnreadCountQuery } from './queries';
import { s } from './styles';
import { notificationText, timeAgo } from '@tt/rules';

function Item({ n, onOpen }: { n: NotificationDto; onOpen: (n: NotificationDto) => void }) {
  const { t, i18n } = useTranslation();
  const text = notificationText(t, n);
  return (
    <Pressable
      testID={`notification-${n.id}`}
      accessibilityRole="button"
      onPress={() => onOpen(n)}
      style={[s.card, !n.readAt && s.cardUnread]}
    >
      {!n.readAt && (
        <View style={s.badge}>
          <Text style={s.badgeText}>{t('notifications.unreadBadge')}</Text>
        </View>
      )}
      <Text style={s.title}>{text.title}</Text>
      <Text style={s.text}>{text.body}</Text>
      <Text style={s.muted}>{timeAgo(n.createdAt, i18n.language)}</Text>
    </Pressable>
  );
}

/** The notification centre: all or unread, mark read, tap to open where it leads. */
export default function NotificationsScreen() {
  const { t } = useTranslation();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotificationsQuery(unreadOnly);
  const unread = useUnreadCountQuery();
  const mark = useMarkReadMutation();
  const count = unread.data ?? list.data?.pages[0]?.unread ?? 0;
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];

  const open = (n: NotificationDto) => {
    if (!n.readAt) mark.mutate([n.id]);
    openLink(n.link);
  };

  const header = (
    <View style={s.pad}>
      <View style={s.bar}>
        <Pressable
          testID="notifications-all"
          accessibilityRole="tab"
          accessibilityState={{ selected: !unreadOnly }}
          onPress={() => setUnreadOnly(false)}
          style={[s.tab, !unreadOnly && s.tabOn]}
        >
          <Text style={s.tabText}>{t('notifications.all')}</Text>
        </Pressable>
        <Pressable
          testID="notifications-unread"
          accessibilityRole="tab"
          accessibilityState={{ selected: unreadOnly }}
          onPress={() => setUnreadOnly(true)}
          style={[s.tab, unreadOnly && s.tabOn]}
        >
          <Text style={s.tabText}>{t('notifications.unreadTab', { count })}</Text>
        </Pressable>
      </View>
      <View style={s.bar}>
        <Pressable
          testID="notifications-mark-all"
          accessibilityRole="button"
          disabled={count === 0}
          onPress={() => mark.mutate('all')}
          style={[s.primary, count === 0 && { opacity: 0.5 }]}
        >
          <Text style={s.primaryText}>{t('notifications.markAll')}</Text>
        </Pressable>
        <Link href="/notifications/settings" asChild>
          <Pressable testID="notifications-settings" accessibilityRole="link" style={s.ghost}>
            <Text style={s.ghostText}>{t('notifications.settingsLink')}</Text>
          </Pressable>
        </Link>
      </View>
    </View>
  );

  let body;
  if (!currentToken()) body = <Text style={s.empty}>{t('notifications.signIn')}</Text>;
  else if (list.isPending)
    body = (
      <ActivityIndicator color={theme.brand} accessibilityLabel={t('notifications.loading')} />
    );
  else if (list.isError)
    body = (
      <View style={s.pad} testID="notifications-error">
        <Text style={s.error}>
          {list.error instanceof ApiError ? list.error.displayText : t('notifications.error')}
        </Text>
        <Pressable accessibilityRole="button" style={s.ghost} onPress={() => void list.refetch()}>
          <Text style={s.ghostText}>{t('notifications.retry')}</Text>
        </Pressable>
      </View>
    );
  else
    body = (
      <FlatList
        data={items}
        keyExtractor={(n) => n.id}
        renderItem={({ item }) => <Item n={item} onOpen={open} />}
        ListEmptyComponent={
          <Text style={s.empty}>
            {unreadOnly ? t('notifications.emptyUnread') : t('notifications.emptyAll')}
          </Text>
        }
        ListFooterComponent={
          list.hasNextPage ? (
            <Pressable
              testID="notifications-more"
              accessibilityRole="button"
              style={[s.ghost, { margin: 16 }]}
              onPress={() => void list.fetchNextPage()}
            >
              <Text style={s.ghostText}>{t('notifications.more')}</Text>
            </Pressable>
          ) : null
        }
        onRefresh={() => void list.refetch()}
        refreshing={list.isRefetching && !list.isFetchingNextPage}
      />
    );

  return (
    <SafeAreaView style={s.screen} edges={['bottom', 'left', 'right']} testID="notifications">
      <Stack.Screen options={{ title: t('notifications.title') }} />
      {header}
      {body}
    </SafeAreaView>
  );
}
