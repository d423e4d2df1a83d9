import { router } from 'expo-router';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import type { RoomDto } from '@tt/protocol';
import { theme } from '../../ui/theme';
import { isLiveNow } from './model';

type BadgeProps = {
  label: string;
  tone: 'toneBrand' | 'toneLive' | 'toneMuted';
  testID?: string;
  hint?: string;
};

function Badge({ label, tone, testID, hint }: BadgeProps) {
  return (
    <View style={[styles.badge, styles[tone]]} testID={testID} accessibilityHint={hint}>
      <Text style={styles.badgeText}>{label}</Text>
    </View>
  );
}

/** A room in a list: its name, the song playing, who is in it; tapping opens it. */
export function RoomCard({ room }: { room: RoomDto }) {
  const { t } = useTranslation();
  const live = isLiveNow(room);
  return (
    <Pressable
      style={({ pressed }) => [styles.card, pressed && styles.pressed]}
      accessibilityRole="button"
      onPress={() => router.push({ pathname: '/room/[slug]', params: { slug: room.slug } })}
      testID={`room-${room.slug}`}
    >
      <View style={styles.head}>
        <Text style={styles.name} numberOfLines={1}>
          {room.name}
        </Text>
        {live ? <Badge label={t('rooms.live')} tone="toneLive" /> : null}
        {room.liveAudioTalking ? (
          // LIVE-AUDIO-11: someone is on the mic now; the setting alone gets the quiet chip.
          <Badge
            label={`🎙 ${t('rooms.talkingNow')}`}
            tone="toneLive"
            testID={`talking-${room.slug}`}
            hint={t('rooms.talkingNowHint')}
          />
        ) : room.liveAudio ? (
          <Badge
            label={`🎙 ${t('rooms.liveAudio')}`}
            tone="toneMuted"
            testID={`live-audio-${room.slug}`}
            hint={t('rooms.liveAudioHint')}
          />
        ) : null}
        {room.promoted ? <Badge label={t('rooms.promoted')} tone="toneBrand" /> : null}
        {room.isPasswordProtected ? <Badge label={t('rooms.locked')} tone="toneMuted" /> : null}
      </View>
      <Text style={styles.song} numberOfLines={1}>
        {room.song ? `♪ ${room.song.artistName} — ${room.song.trackName}` : t('rooms.quiet')}
      </Text>
      <Text style={styles.muted}>
        {t('rooms.listeners', { count: room.numberOfUsersInRoom ?? 0 })}
        {' · '}
        {t('rooms.djs', { count: room.numberOfActiveDjs ?? 0 })}
      </Text>
    </Pressable>
  );
}

const styles = StyleSheet.create({
  card: {
    backgroundColor: theme.surface,
    borderColor: theme.border,
    borderWidth: 1,
    borderRadius: 18,
    padding: 14,
    marginBottom: 10,
    gap: 4,
    minHeight: 88,
  },
  pressed: { opacity: 0.8 },
  head: { flexDirection: 'row', alignItems: 'center', gap: 6 },
  name: { color: theme.text, fontSize: 17, fontWeight: '700', flexShrink: 1 },
  song: { color: theme.text },
  muted: { color: theme.muted, fontSize: 13 },
  badge: { borderRadius: 999, paddingHorizontal: 8, paddingVertical: 2 },
  badgeText: { color: '#fff', fontSize: 11, fontWeight: '700' },
  toneBrand: { backgroundColor: theme.brand },
  toneLive: { backgroundColor: theme.danger },
  toneMuted: { backgroundColor: theme.border },
});
