import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AccessibilityActionEvent,
  Image,
  Pressable,
  StyleSheet,
  Text,
  View,
} from 'react-native';
import type { ClientNowPlaying } from '@tt/protocol';
import { expectedPositionSeconds, serverNow } from '@tt/room-client';
import { theme } from '../../ui/theme';
import { SyncReadout } from './SyncReadout';

export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The song playing, and how far into it the room is by the server clock. */
export function NowPlaying({
  nowPlaying,
  offset,
}: {
  nowPlaying: ClientNowPlaying | null;
  offset: number;
}) {
  const { t } = useTranslation();
  const [, tick] = useState(0);
  // SYNC-PHONE-1: a long-press on the card shows (or hides) the sync details.
  const [details, setDetails] = useState(false);
  const toggle = () => setDetails((d) => !d);
  useEffect(() => {
    if (!nowPlaying) return;
    const id = setInterval(() => tick((n) => n + 1), 500);
    return () => clearInterval(id);
  }, [nowPlaying]);
  // Screen readers get the same through the song's "longpress" action.
  const longPress = {
    onLongPress: toggle,
    accessibilityHint: t('sync.hint'),
    accessibilityActions: [{ name: 'longpress', label: t('sync.title') }],
    onAccessibilityAction: (e: AccessibilityActionEvent) => {
      if (e.nativeEvent.actionName === 'longpress') toggle();
    },
  };
  if (!nowPlaying) {
    return (
      <Pressable style={styles.card} testID="now-playing-empty" {...longPress}>
        <Text style={styles.muted}>{t('room.nothingPlaying')}</Text>
        {details ? <SyncReadout /> : null}
      </Pressable>
    );
  }
  const { song } = nowPlaying;
  const art = Object.values(song.thumbnails ?? {}).find((url) => !!url);
  const position = Math.min(
    song.duration,
    expectedPositionSeconds(song, nowPlaying.endTime, serverNow(offset)),
  );
  const ratio = song.duration > 0 ? position / song.duration : 0;
  return (
    <View style={styles.card} testID="now-playing">
      <Pressable
        style={styles.row}
        testID="now-playing-song"
        {...longPress}
        accessibilityLabel={`${t('room.nowPlaying')}: ${song.trackName}, ${song.artistName}`}
      >
        {art ? (
          <Image source={{ uri: art }} style={styles.art} />
        ) : (
          <View style={[styles.art, { backgroundColor: theme.brand }]} />
        )}
        <View style={styles.text}>
          <Text style={styles.label}>{t('room.nowPlaying')}</Text>
          <Text style={styles.track} numberOfLines={1}>
            {song.trackName}
          </Text>
          <Text style={styles.muted} numberOfLines={1}>
            {song.artistName}
          </Text>
        </View>
      </Pressable>
      <View
        style={styles.track_bar}
        accessible
        accessibilityRole="progressbar"
        accessibilityLabel={t('room.progress')}
        accessibilityValue={{ min: 0, max: Math.round(song.duration), now: Math.round(position) }}
        testID="progress"
      >
        <View style={[styles.fill, { width: `${Math.round(ratio * 1000) / 10}%` }]} />
      </View>
      <View style={styles.times}>
        <Text style={styles.muted} testID="position">
          {clock(position)}
        </Text>
        <Text style={styles.muted}>{clock(song.duration)}</Text>
      </View>
      {details ? <SyncReadout /> : null}
    </View>
  );
}

const styles = StyleSheet.create({
  card: {
    backgroundColor: theme.surface,
    borderColor: theme.border,
    borderWidth: 1,
    borderRadius: 18,
    padding: 14,
    gap: 10,
  },
  row: { flexDirection: 'row', gap: 12, alignItems: 'center' },
  art: { width: 56, height: 56, borderRadius: 10 },
  text: { flex: 1, gap: 2 },
  label: { color: theme.brand, fontSize: 12, fontWeight: '700', textTransform: 'uppercase' },
  track: { color: theme.text, fontSize: 17, fontWeight: '700' },
  muted: { color: theme.muted },
  track_bar: { height: 6, borderRadius: 3, backgroundColor: theme.border, overflow: 'hidden' },
  fill: { height: 6, backgroundColor: theme.brand },
  times: { flexDirection: 'row', justifyContent: 'space-between' },
});
