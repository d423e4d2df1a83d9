import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, ScrollView, StyleSheet, Text, TextInput, View } from 'react-native';
import { CHAT_MESSAGE_MAX_LENGTH } from '@tt/rules';
import { theme } from '../../ui/theme';
import { Avatar } from '../room/Avatar';
import './i18n';
import { mentionQuery, mentionsIn, type Mention, type Person } from './model';

/**
 * The message box: typing `@` suggests the people in the room (mentions: CHAT-VALID-3); send
 * with the button or the keyboard's send key. Texts longer than CHAT_MESSAGE_MAX_LENGTH are not
 * sent (CHAT-LEN-1).
 */
export function Composer({
  people,
  onSend,
}: {
  people: readonly Person[];
  onSend: (text: string, mentions: Mention[]) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  const [picked, setPicked] = useState<Person[]>([]);
  // Where the caret goes after a mention is picked (given once, then the input's own again).
  const [selection, setSelection] = useState<{ start: number; end: number } | undefined>();
  const input = useRef<TextInput>(null);

  const query = mentionQuery(text, caret);
  const matches = query
    ? people
        .filter((p) => p.nickname.toLowerCase().startsWith(query.query.toLowerCase()))
        .slice(0, 5)
    : [];
  const tooLong = text.length > CHAT_MESSAGE_MAX_LENGTH;
  const empty = text.trim().length === 0;

  const pick = (p: Person) => {
    if (!query) return;
    const before = text.slice(0, query.start);
    const next = `${before}@${p.nickname} ${text.slice(caret)}`;
    const at = before.length + p.nickname.length + 2;
    setText(next);
    setCaret(at);
    setSelection({ start: at, end: at });
    setPicked((all) => (all.some((x) => x.uuid === p.uuid) ? all : [...all, p]));
    input.current?.focus();
  };

  const submit = () => {
    const value = text.trim();
    if (!value || tooLong) return;
    const lead = text.length - text.trimStart().length;
    const mentions = mentionsIn(text, picked)
      .map((m) => ({ ...m, start: m.start - lead }))
      .filter((m) => m.start >= 0 && m.start < value.length);
    setText('');
    setCaret(0);
    setPicked([]);
    onSend(value, mentions);
  };

  return (
    <View style={styles.wrap}>
      {matches.length ? (
        <ScrollView
          horizontal
          keyboardShouldPersistTaps="always"
          contentContainerStyle={styles.mentions}
          testID="room-chat-mentions"
        >
          {matches.map((p) => (
            <Pressable
              key={p.uuid}
              testID={`room-chat-mention-${p.uuid}`}
              accessibilityRole="button"
              accessibilityLabel={t('chat.mention', { name: p.nickname })}
              onPress={() => pick(p)}
              style={styles.suggestion}
            >
              <Avatar
                nickname={p.nickname}
                color={p.color ?? theme.brand}
                size={24}
                showName={false}
              />
              <Text style={styles.suggestionText} numberOfLines={1}>
                {p.nickname}
              </Text>
            </Pressable>
          ))}
        </ScrollView>
      ) : null}
      {tooLong ? (
        <Text style={styles.error} accessibilityRole="alert">
          {t('chat.tooLong', { max: CHAT_MESSAGE_MAX_LENGTH })}
        </Text>
      ) : null}
      <View style={styles.row}>
        <TextInput
          ref={input}
          testID="room-chat-input"
          style={styles.input}
          value={text}
          selection={selection}
          onChangeText={(v) => {
            setText(v);
            setCaret(v.length);
          }}
          onSelectionChange={(e) => {
            setCaret(e.nativeEvent.selection.end);
            setSelection(undefined);
          }}
          placeholder={t('chat.placeholder')}
          placeholderTextColor={theme.muted}
          accessibilityLabel={t('chat.placeholder')}
          onSubmitEditing={submit}
          submitBehavior="submit"
          returnKeyType="send"
          maxLength={CHAT_MESSAGE_MAX_LENGTH + 100}
        />
        <Pressable
          testID="room-chat-send"
          accessibilityRole="button"
          accessibilityState={{ disabled: empty || tooLong }}
          disabled={empty || tooLong}
          onPress={submit}
          style={[styles.send, (empty || tooLong) && styles.disabled]}
        >
          <Text style={styles.sendText}>{t('chat.send')}</Text>
        </Pressable>
      </View>
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: {
    gap: 8,
    paddingHorizontal: 12,
    paddingTop: 8,
    paddingBottom: 10,
    borderTopWidth: 1,
    borderColor: theme.border,
    backgroundColor: theme.surface,
  },
  mentions: { gap: 8 },
  suggestion: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 6,
    minHeight: 40,
    paddingLeft: 6,
    paddingRight: 12,
    borderRadius: 999,
    borderWidth: 1,
    borderColor: theme.brand,
    backgroundColor: theme.bg,
  },
  suggestionText: { color: theme.text, fontWeight: '600', maxWidth: 160 },
  row: { flexDirection: 'row', gap: 8, alignItems: 'center' },
  input: {
    flex: 1,
    height: 44,
    borderRadius: 22,
    borderWidth: 1,
    borderColor: theme.border,
    color: theme.text,
    fontSize: 15,
    paddingHorizontal: 16,
    backgroundColor: theme.bg,
  },
  send: {
    minHeight: 44,
    paddingHorizontal: 18,
    borderRadius: 22,
    justifyContent: 'center',
    backgroundColor: theme.brand,
  },
  disabled: { opacity: 0.45 },
  sendText: { color: '#fff', fontWeight: '700' },
  error: { color: theme.danger },
});
