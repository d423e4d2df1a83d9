import { useState } from 'react';
import { Stack, useLocalSearchParams } from 'expo-router';
import { useTranslation } from 'react-i18next';
import {
  ActivityIndicator,
  FlatList,
  KeyboardAvoidingView,
  Platform,
  Pressable,
  StyleSheet,
  Text,
  TextInput,
  View,
} from 'react-native';
import { SafeAreaView } from 'react-native-safe-area-context';
import type { CometMessage } from '@tt/protocol';
import { currentToken } from '../../lib/token';
import { theme } from '../../ui/theme';
import { s } from '../notifications/styles';
import './i18n';
import { trustTextOfError } from '../trust/text';
import { useMeQuery, useSendMessageMutation, useThreadQuery } from './queries';

function Bubble({ m, mine }: { m: CometMessage; mine: boolean }) {
  const { t, i18n } = useTranslation();
  const time = new Date(m.sentAt * 1000).toLocaleTimeString(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
  });
  return (
    <View style={[st.bubble, mine ? st.mine : st.theirs]} testID={`message-${m.id}`}>
      <Text style={s.text}>{m.data.text ?? t('messages.noText')}</Text>
      <Text style={[s.muted, st.time]}>{time}</Text>
    </View>
  );
}

/** One direct conversation: the latest messages (live from the chat socket), a composer. */
export default function ConversationScreen() {
  const { t } = useTranslation();
  const { uid, name } = useLocalSearchParams<{ uid: string; name?: string }>();
  const me = useMeQuery().data?.uuid;
  const thread = useThreadQuery(uid);
  const send = useSendMessageMutation(uid);
  const [text, setText] = useState('');
  const submit = () => {
    const v = text.trim();
    if (!v || send.isPending) return;
    send.mutate(v, { onSuccess: () => setText('') });
  };

  return (
    <SafeAreaView style={s.screen} edges={['bottom', 'left', 'right']} testID="conversation">
      <Stack.Screen options={{ title: name || t('messages.conversation') }} />
      {!currentToken() ? (
        <Text style={s.empty}>{t('messages.signIn')}</Text>
      ) : (
        <KeyboardAvoidingView
          style={{ flex: 1 }}
          behavior={Platform.OS === 'ios' ? 'padding' : undefined}
        >
          {thread.isPending ? (
            <ActivityIndicator color={theme.brand} accessibilityLabel={t('messages.loading')} />
          ) : thread.isError ? (
            <Text style={[s.empty, s.error]}>{t('messages.error')}</Text>
          ) : (
            <FlatList
              style={{ flex: 1 }}
              contentContainerStyle={{ padding: 16, gap: 8 }}
              data={thread.messages}
              keyExtractor={(m) => m.id}
              renderItem={({ item }) => <Bubble m={item} mine={item.sender === me} />}
              ListEmptyComponent={<Text style={s.empty}>{t('messages.emptyThread')}</Text>}
            />
          )}
          {send.isError && (
            <Text style={[s.error, { paddingHorizontal: 16 }]}>
              {trustTextOfError(send.error) ?? t('messages.sendFailed')}
            </Text>
          )}
          <View style={st.composer}>
            <TextInput
              testID="message-input"
              style={st.input}
              value={text}
              onChangeText={setText}
              placeholder={t('messages.placeholder')}
              placeholderTextColor={theme.muted}
              onSubmitEditing={submit}
              returnKeyType="send"
              maxLength={2000}
            />
            <Pressable
              testID="message-send"
              accessibilityRole="button"
              onPress={submit}
              disabled={!text.trim() || send.isPending}
              style={[s.primary, (!text.trim() || send.isPending) && { opacity: 0.5 }]}
            >
              <Text style={s.primaryText}>{t('messages.send')}</Text>
            </Pressable>
          </View>
        </KeyboardAvoidingView>
      )}
    </SafeAreaView>
  );
}

const st = StyleSheet.create({
  bubble: { maxWidth: '80%', borderRadius: 16, padding: 10, gap: 2 },
  mine: { alignSelf: 'flex-end', backgroundColor: theme.brand },
  theirs: {
    alignSelf: 'flex-start',
    backgroundColor: theme.surface,
    borderWidth: 1,
    borderColor: theme.border,
  },
  time: { fontSize: 11 },
  composer: {
    flexDirection: 'row',
    gap: 8,
    padding: 12,
    borderTopWidth: 1,
    borderColor: theme.border,
    backgroundColor: theme.surface,
  },
  input: {
    flex: 1,
    minHeight: 44,
    borderRadius: 12,
    borderWidth: 1,
    borderColor: theme.border,
    color: theme.text,
    paddingHorizontal: 12,
    backgroundColor: theme.bg,
  },
});
