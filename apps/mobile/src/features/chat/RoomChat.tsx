import { useCallback, useMemo, useState } from 'react';
import { router } from 'expo-router';
import { useTranslation } from 'react-i18next';
import {
  ActivityIndicator,
  FlatList,
  KeyboardAvoidingView,
  Platform,
  Pressable,
  StyleSheet,
  Text,
  View,
} from 'react-native';
import type { ClientRoomState, TokenRole } from '@tt/protocol';
import { accessRefusal } from '@tt/rules';
import { useSession } from '../../lib/session';
import { theme } from '../../ui/theme';
import { Composer } from './Composer';
import './i18n';
import { MessageRow } from './MessageRow';
import type { ChatItem, Mention, Person, Sender } from './model';
import {
  isRefusal,
  refusalText,
  useJoinRoomChat,
  useReactMutation,
  useRoomChatQuery,
  useSendRoomChat,
} from './queries';

/** What the composer's place shows: the composer, or why not. */
type Writing = 'write' | 'guest' | 'muted' | 'refused';

/**
 * The room's chat: the history, live messages (the room's group on the chat socket), and the
 * composer with @mentions. Guests read and are asked to sign in (CHAT-GUEST-1); whether a user
 * may write here is the access table's answer (ACCESS-CAN-1: `room.chat`, taken away by a mute,
 * CHAT-MUTE-1); what the server still refuses is shown in its own words.
 */
export function RoomChat({ state }: { state: ClientRoomState }) {
  const { t } = useTranslation();
  const session = useSession();
  const room = state.settings;
  const me = session.kind === 'signedOut' ? null : session.uuid;
  const guid = room.hasChat && room.uuid ? room.uuid : null;

  const writing: Writing = useMemo(() => {
    if (session.kind !== 'user') return 'guest';
    if (!guid) return 'refused';
    const why = accessRefusal(
      { uuid: session.uuid, roles: session.roles as TokenRole[] },
      'room.chat',
      { room },
    );
    return why === null ? 'write' : why === 'room:chatDisabled' ? 'muted' : 'refused';
  }, [session, room, guid]);

  const chat = useRoomChatQuery(guid);
  useJoinRoomChat(guid, session.kind === 'user');
  const profile = me ? state.allUserData[me]?.userProfile : undefined;
  const sender: Sender | null = useMemo(
    () =>
      me && session.kind === 'user'
        ? {
            uuid: me,
            userName: profile?.nickname || 'me',
            avatarId: profile?.avatarId || 'default',
            color: profile?.color || undefined,
          }
        : null,
    [me, session.kind, profile],
  );
  const { send, retry } = useSendRoomChat(guid, sender);
  const react = useReactMutation(guid);
  const [notice, setNotice] = useState<string | null>(null);

  const people: Person[] = useMemo(
    () =>
      state.allUsers
        .filter((u) => u.uuid !== me)
        .map((u) => {
          const p = state.allUserData[u.uuid]?.userProfile;
          return { uuid: u.uuid, nickname: p?.nickname ?? '?', color: p?.color };
        })
        .filter((p) => p.nickname !== '?'),
    [state.allUsers, state.allUserData, me],
  );

  const fail = useCallback(
    (err: unknown) => setNotice(isRefusal(err) ? refusalText(err) : null),
    [],
  );
  const onSend = useCallback(
    (text: string, mentions: Mention[]) => {
      setNotice(null);
      send(text, mentions).catch(fail);
    },
    [send, fail],
  );
  const onReact = useCallback(
    (item: ChatItem, reaction: string) => {
      setNotice(null);
      const mine = me !== null && (item.reactions[reaction] ?? []).includes(me);
      react.mutate({ id: String(item.id), reaction, mine }, { onError: fail });
    },
    // The mutation's identity changes with its state; `mutate` is what is used.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [me, react.mutate, fail],
  );
  const onRetry = useCallback((item: ChatItem) => void retry(item).catch(fail), [retry, fail]);

  if (!guid) {
    return (
      <View style={styles.center} testID="room-chat">
        <Text style={styles.muted}>{t('chat.off')}</Text>
      </View>
    );
  }

  const newestFirst = [...chat.items].reverse();
  let list: React.ReactNode;
  if (chat.isPending) {
    list = (
      <View style={styles.center}>
        <ActivityIndicator color={theme.brand} accessibilityLabel={t('chat.loading')} />
      </View>
    );
  } else if (chat.isError && chat.items.length === 0) {
    list = (
      <View style={styles.center}>
        <Text style={styles.error}>{t('chat.loadFailed')}</Text>
        <Pressable accessibilityRole="button" onPress={() => void chat.refetch()}>
          <Text style={styles.link}>{t('chat.retryLoad')}</Text>
        </Pressable>
      </View>
    );
  } else if (chat.items.length === 0) {
    list = (
      <View style={styles.center} testID="room-chat-empty">
        <Text style={styles.muted}>{t('chat.empty')}</Text>
      </View>
    );
  } else {
    list = (
      <FlatList
        inverted
        style={styles.list}
        contentContainerStyle={styles.listContent}
        data={newestFirst}
        keyExtractor={(m) => m.uuid}
        keyboardShouldPersistTaps="handled"
        renderItem={({ item }) => (
          <MessageRow
            item={item}
            me={me}
            canReact={writing === 'write'}
            onReact={onReact}
            onRetry={onRetry}
          />
        )}
      />
    );
  }

  return (
    <KeyboardAvoidingView
      style={styles.wrap}
      behavior={Platform.OS === 'ios' ? 'padding' : undefined}
      keyboardVerticalOffset={Platform.OS === 'ios' ? 100 : 0}
      testID="room-chat"
    >
      {list}
      {notice ? (
        <Pressable
          onPress={() => setNotice(null)}
          accessibilityRole="alert"
          style={styles.notice}
          testID="room-chat-error"
        >
          <Text style={styles.noticeText}>{notice}</Text>
        </Pressable>
      ) : null}
      {writing === 'write' ? (
        <Composer people={people} onSend={onSend} />
      ) : writing === 'guest' ? (
        <View style={styles.readOnly} testID="room-chat-guest">
          <Text style={styles.muted}>{t('chat.guestHint')}</Text>
          <Pressable
            accessibilityRole="button"
            onPress={() => router.push('/sign-in')}
            style={styles.signIn}
            testID="room-chat-signin"
          >
            <Text style={styles.signInText}>{t('chat.signIn')}</Text>
          </Pressable>
        </View>
      ) : (
        <View style={styles.readOnly} testID="room-chat-muted">
          <Text style={styles.muted}>
            {writing === 'muted' ? t('chat.muted') : t('chat.cannotWrite')}
          </Text>
        </View>
      )}
    </KeyboardAvoidingView>
  );
}

const styles = StyleSheet.create({
  wrap: { flex: 1, backgroundColor: theme.bg },
  list: { flex: 1 },
  listContent: { paddingVertical: 8 },
  center: { flex: 1, alignItems: 'center', justifyContent: 'center', gap: 10, padding: 24 },
  muted: { color: theme.muted, textAlign: 'center' },
  error: { color: theme.danger, textAlign: 'center' },
  link: { color: theme.brand, fontWeight: '700' },
  notice: {
    marginHorizontal: 12,
    marginBottom: 8,
    padding: 10,
    borderRadius: 12,
    borderWidth: 1,
    borderColor: theme.danger,
    backgroundColor: theme.surface,
  },
  noticeText: { color: theme.danger },
  readOnly: {
    gap: 10,
    padding: 14,
    alignItems: 'center',
    borderTopWidth: 1,
    borderColor: theme.border,
    backgroundColor: theme.surface,
  },
  signIn: {
    minHeight: 44,
    paddingHorizontal: 20,
    borderRadius: 22,
    justifyContent: 'center',
    backgroundColor: theme.brand,
  },
  signInText: { color: '#fff', fontWeight: '700' },
});
