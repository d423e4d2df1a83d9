import { useEffect, useState } from 'react';
import { openingInboxTab } from '@tt/rules';
import { Link, Stack } from 'expo-router';
import { useTranslation } from 'react-i18next';
import { ActivityIndicator, FlatList, Pressable, StyleSheet, Text, View } from 'react-native';
import { SafeAreaView } from 'react-native-safe-area-context';
import { ApiError } from '../../lib/api';
import { currentToken } from '../../lib/token';
import { theme } from '../../ui/theme';
import { s } from '../notifications/styles';
import './i18n';
import { useInboxQuery, type InboxRow } from './queries';

function Row({ row }: { row: InboxRow }) {
  const { t } = useTranslation();
  return (
    <Link href={{ pathname: '/messages/[uid]', params: { uid: row.uid, name: row.name } }} asChild>
      <Pressable
        testID={`conversation-${row.uid}`}
        accessibilityRole="link"
        style={StyleSheet.flatten([s.card, row.unread > 0 && s.cardUnread])}
      >
        <View style={s.row}>
          <Text style={[s.title, { flex: 1 }]} numberOfLines={1}>
            {row.name}
          </Text>
          {row.unread > 0 && (
            <View style={s.badge}>
              <Text style={s.badgeText}>{t('messages.unread', { count: row.unread })}</Text>
            </View>
          )}
        </View>
        <Text style={s.muted} numberOfLines={1}>
          {row.last || t('messages.noText')}
        </Text>
      </Pressable>
    </Link>
  );
}

/** Direct messages in two lists: friends (and followed DJs) and everyone else (CHAT-INBOX-1). */
export default function MessagesScreen() {
  const { t } = useTranslation();
  const inbox = useInboxQuery();
  // CHAT-INBOX-2: open on the list with unread messages once the inbox has answered; a list the
  // person picks stays picked.
  const [chosen, setTab] = useState<'FRIENDS' | 'OTHERS' | null>(null);
  const [opening, setOpening] = useState<'FRIENDS' | 'OTHERS' | null>(null);
  useEffect(() => {
    if (opening === null && inbox.ready) setOpening(openingInboxTab(inbox.rows));
  }, [opening, inbox.ready, inbox.rows]);
  const tab = chosen ?? opening ?? 'FRIENDS';
  const rows = inbox.rows.filter((r) => r.category === tab);
  const unreadOf = (c: 'FRIENDS' | 'OTHERS') =>
    inbox.rows.filter((r) => r.category === c).reduce((n, r) => n + r.unread, 0);

  const tabButton = (c: 'FRIENDS' | 'OTHERS', label: string) => {
    const n = unreadOf(c);
    return (
      <Pressable
        testID={`messages-tab-${c.toLowerCase()}`}
        accessibilityRole="tab"
        accessibilityState={{ selected: tab === c }}
        onPress={() => setTab(c)}
        style={[s.tab, tab === c && s.tabOn]}
      >
        <Text style={s.tabText}>{n > 0 ? `${label} · ${n}` : label}</Text>
      </Pressable>
    );
  };

  let body;
  if (!currentToken()) body = <Text style={s.empty}>{t('messages.signIn')}</Text>;
  else if (inbox.isPending)
    body = <ActivityIndicator color={theme.brand} accessibilityLabel={t('messages.loading')} />;
  else if (inbox.isError)
    body = (
      <View style={s.pad} testID="messages-error">
        <Text style={s.error}>
          {inbox.error instanceof ApiError ? inbox.error.displayText : t('messages.error')}
        </Text>
        <Pressable accessibilityRole="button" style={s.ghost} onPress={() => void inbox.refetch()}>
          <Text style={s.ghostText}>{t('messages.retry')}</Text>
        </Pressable>
      </View>
    );
  else
    body = (
      <FlatList
        data={rows}
        keyExtractor={(r) => r.uid}
        renderItem={({ item }) => <Row row={item} />}
        ListEmptyComponent={
          <Text style={s.empty}>
            {tab === 'FRIENDS' ? t('messages.emptyFriends') : t('messages.emptyOthers')}
          </Text>
        }
        onRefresh={() => void inbox.refetch()}
        refreshing={inbox.isRefetching}
      />
    );

  return (
    <SafeAreaView style={s.screen} edges={['bottom', 'left', 'right']} testID="messages">
      <Stack.Screen options={{ title: t('messages.title') }} />
      <View style={[s.pad, s.bar]}>
        {tabButton('FRIENDS', t('messages.friends'))}
        {tabButton('OTHERS', t('messages.others'))}
      </View>
      {body}
    </SafeAreaView>
  );
}
