import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import { theme } from '../../ui/theme';
import { Avatar } from '../room/Avatar';
import './i18n';
import { hasMedia, mentionsMe, textParts, type ChatItem } from './model';

/** The reactions a message offers (CHAT-REACT-1: each one toggles). */
export const QUICK_REACTIONS = ['🔥', '❤️', '😂', '🙌', '👏'] as const;

const clock = (ms: number, lang: string) =>
  new Date(ms).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' });

/**
 * One message: who, when, the text with its mentions (mine stand out), reactions with their
 * counts. Tapping the message (or its smiley) opens the reactions to give one.
 */
export const MessageRow = memo(function MessageRow({
  item,
  me,
  canReact,
  onReact,
  onRetry,
}: {
  item: ChatItem;
  me: string | null;
  canReact: boolean;
  onReact: (item: ChatItem, reaction: string) => void;
  onRetry: (item: ChatItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  if (item.type === 'room') {
    return (
      <Text style={styles.system} testID="room-chat-system">
        {item.text}
      </Text>
    );
  }
  const confirmed = item.send === 'sent';
  const reactable = canReact && confirmed && !item.deleted;
  const forMe = mentionsMe(item, me) && item.sender !== me;
  const given = Object.entries(item.reactions).filter(([, users]) => users.length > 0);
  const shown = open
    ? [
        ...QUICK_REACTIONS.map((r) => [r, item.reactions[r] ?? []] as const),
        ...given.filter(([r]) => !(QUICK_REACTIONS as readonly string[]).includes(r)),
      ]
    : given;
  const toggle = () => setOpen((o) => !o);

  return (
    <Pressable
      testID="room-chat-message"
      onPress={reactable ? toggle : undefined}
      disabled={!reactable}
      accessibilityHint={forMe ? t('chat.mentionsYou') : undefined}
      style={[styles.row, forMe && styles.rowForMe, !confirmed && styles.pending]}
    >
      <Avatar
        nickname={item.userName}
        color={item.color ?? theme.brand}
        avatarId={item.avatarId}
        size={32}
        showName={false}
      />
      <View style={styles.body}>
        <View style={styles.meta}>
          <Text style={styles.name} numberOfLines={1}>
            {item.userName}
          </Text>
          <Text style={styles.time}>
            {item.send === 'sending' ? t('chat.sending') : clock(item.sentAtMs, i18n.language)}
          </Text>
          {forMe ? <Text style={styles.forMe}>@</Text> : null}
        </View>
        {item.deleted ? (
          <Text style={[styles.text, styles.muted]}>{t('chat.deleted')}</Text>
        ) : item.text ? (
          <Text style={styles.text}>
            {textParts(item.text, item.mentions).map((p, i) =>
              p.mention ? (
                <Text
                  key={i}
                  style={[styles.mention, p.mention.userUuid === me && styles.mentionMe]}
                  testID={p.mention.userUuid === me ? 'room-chat-mention-me' : 'room-chat-mention'}
                >
                  {p.text}
                </Text>
              ) : (
                <Text key={i}>{p.text}</Text>
              ),
            )}
          </Text>
        ) : null}
        {hasMedia(item) ? <Text style={styles.muted}>{t('chat.media')}</Text> : null}
        {shown.length ? (
          <View style={styles.reactions}>
            {shown.map(([r, users]) => {
              const mine = me !== null && users.includes(me);
              return (
                <Pressable
                  key={r}
                  testID={`room-chat-reaction-${r}`}
                  accessibilityRole="button"
                  accessibilityLabel={t('chat.reactionCount', { reaction: r, count: users.length })}
                  accessibilityState={{ selected: mine, disabled: !reactable }}
                  disabled={!reactable}
                  onPress={() => {
                    setOpen(false);
                    onReact(item, r);
                  }}
                  style={[styles.chip, mine && styles.chipMine]}
                >
                  <Text style={styles.chipText}>
                    {r}
                    {users.length ? ` ${users.length}` : ''}
                  </Text>
                </Pressable>
              );
            })}
          </View>
        ) : null}
        {item.send === 'failed' ? (
          <View style={styles.failed}>
            <Text style={styles.error}>{t('chat.notSent')}</Text>
            <Pressable
              testID="room-chat-retry"
              accessibilityRole="button"
              onPress={() => onRetry(item)}
            >
              <Text style={styles.link}>{t('chat.retry')}</Text>
            </Pressable>
          </View>
        ) : null}
      </View>
      {reactable ? (
        <Pressable
          testID="room-chat-react"
          accessibilityRole="button"
          accessibilityLabel={t('chat.react', { name: item.userName })}
          accessibilityState={{ expanded: open }}
          onPress={toggle}
          hitSlop={8}
          style={styles.smiley}
        >
          <Text style={styles.smileyText}>☺</Text>
        </Pressable>
      ) : null}
    </Pressable>
  );
});

const styles = StyleSheet.create({
  row: {
    flexDirection: 'row',
    gap: 10,
    paddingHorizontal: 12,
    paddingVertical: 8,
    borderLeftWidth: 3,
    borderLeftColor: 'transparent',
  },
  rowForMe: { backgroundColor: `${theme.brand}22`, borderLeftColor: theme.brand },
  pending: { opacity: 0.6 },
  body: { flex: 1, gap: 3 },
  meta: { flexDirection: 'row', alignItems: 'baseline', gap: 8 },
  name: { color: theme.text, fontWeight: '700', flexShrink: 1 },
  time: { color: theme.muted, fontSize: 11 },
  forMe: { color: theme.brand, fontWeight: '800' },
  text: { color: theme.text, fontSize: 15, lineHeight: 21 },
  muted: { color: theme.muted, fontStyle: 'italic' },
  mention: { color: theme.text, fontWeight: '700', backgroundColor: `${theme.brand}55` },
  mentionMe: { color: '#fff', backgroundColor: theme.brand },
  system: { color: theme.muted, fontSize: 12, textAlign: 'center', paddingVertical: 4 },
  reactions: { flexDirection: 'row', flexWrap: 'wrap', gap: 6, marginTop: 2 },
  chip: {
    flexDirection: 'row',
    alignItems: 'center',
    minHeight: 32,
    paddingHorizontal: 10,
    borderRadius: 999,
    borderWidth: 1,
    borderColor: theme.border,
    backgroundColor: theme.surface,
  },
  chipMine: { borderColor: theme.brand, backgroundColor: `${theme.brand}33` },
  chipText: { color: theme.text, fontSize: 14 },
  failed: { flexDirection: 'row', gap: 8, alignItems: 'center' },
  error: { color: theme.danger },
  link: { color: theme.brand, fontWeight: '700' },
  smiley: { alignSelf: 'flex-start', paddingHorizontal: 4, paddingVertical: 2 },
  smileyText: { color: theme.muted, fontSize: 18 },
});
