import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Image, Pressable, StyleSheet, Text, View } from 'react-native';
import { theme } from '../../ui/theme';
import { artOf, formatDuration } from './songs';

export interface RowSong {
  trackName: string;
  artistName: string;
  duration: number;
  explicit?: boolean | null;
  thumbnails: Partial<Record<string, string | null>>;
}

/** One song: its art (or a plain tile), title, artist and length, and the row's buttons. */
export function SongRow({
  song,
  note,
  highlight,
  lines = 1,
  testID,
  children,
}: {
  song: RowSong;
  note?: string;
  /** Lines the title may take (2 where the row's buttons leave it little room). */
  lines?: number;
  highlight?: boolean;
  testID?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const art = artOf(song);
  const [broken, setBroken] = useState(false);
  return (
    <View style={[styles.row, highlight && styles.highlight]} testID={testID}>
      {art && !broken ? (
        <Image source={{ uri: art }} style={styles.art} onError={() => setBroken(true)} />
      ) : (
        <View style={[styles.art, styles.tile]}>
          <Text style={styles.glyph}>♪</Text>
        </View>
      )}
      <View style={styles.text}>
        <Text style={styles.title} numberOfLines={lines} testID="song-title">
          {song.trackName}
        </Text>
        <Text style={styles.muted} numberOfLines={1}>
          {song.explicit ? <Text style={styles.explicit}>{t('dj.search.explicit')} </Text> : null}
          {song.artistName}
          {song.duration > 0 ? ` · ${formatDuration(song.duration)}` : ''}
          {note ? ` · ${note}` : ''}
        </Text>
      </View>
      {children ? <View style={styles.actions}>{children}</View> : null}
    </View>
  );
}

/** A small square button of a row (↑ ↓ ⤒ ×, Add). */
export function RowButton({
  label,
  glyph,
  onPress,
  disabled,
  primary,
  testID,
}: {
  label: string;
  glyph: string;
  onPress: () => void;
  disabled?: boolean;
  primary?: boolean;
  testID?: string;
}) {
  return (
    <Pressable
      accessibilityRole="button"
      accessibilityLabel={label}
      accessibilityState={{ disabled: !!disabled }}
      disabled={disabled}
      onPress={onPress}
      style={[styles.button, primary && styles.primary, disabled && styles.disabled]}
      testID={testID}
    >
      <Text style={styles.buttonText}>{glyph}</Text>
    </Pressable>
  );
}

const styles = StyleSheet.create({
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 10,
    paddingVertical: 8,
    paddingHorizontal: 10,
    borderRadius: 14,
    backgroundColor: theme.surface,
  },
  highlight: { borderWidth: 1, borderColor: theme.brand },
  art: { width: 44, height: 44, borderRadius: 10 },
  tile: { backgroundColor: theme.border, alignItems: 'center', justifyContent: 'center' },
  glyph: { color: theme.muted, fontSize: 20 },
  text: { flex: 1, minWidth: 0 },
  title: { color: theme.text, fontWeight: '700' },
  muted: { color: theme.muted, fontSize: 12 },
  explicit: { color: theme.text, fontWeight: '800' },
  actions: { flexDirection: 'row', gap: 4 },
  button: {
    minWidth: 34,
    minHeight: 40,
    paddingHorizontal: 6,
    borderRadius: 10,
    borderWidth: 1,
    borderColor: theme.border,
    alignItems: 'center',
    justifyContent: 'center',
  },
  primary: { backgroundColor: theme.brand, borderColor: theme.brand },
  disabled: { opacity: 0.35 },
  buttonText: { color: theme.text, fontWeight: '800', fontSize: 15 },
});
