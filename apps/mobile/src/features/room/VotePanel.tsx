import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import { SOCKET_ACTIONS, type ClientRoomState } from '@tt/protocol';
import { theme } from '../../ui/theme';
import { roomSession } from './session';

/** As on the web: the vibe meter as a percentage, 0–100. */
export function vibePercent(vibeMeter: number): number {
  if (!Number.isFinite(vibeMeter)) return 0;
  return Math.round(Math.min(1, Math.max(0, vibeMeter)) * 100);
}

/** Like / dislike / star the song, and the room's vibe meter. */
export function VotePanel({
  state,
  me,
}: {
  state: ClientRoomState;
  me: { uuid: string | null; isGuest: boolean };
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const mine = (me.uuid && state.allUserData[me.uuid]?.songVotes) || {};
  const disabled = state.nowPlaying === null || me.isGuest;
  const vibe = vibePercent(state.vibeMeter);
  const { likes, dislikes, stars } = state.voteCounts;
  const vote = (songVotes: { like?: boolean; star?: boolean }) => {
    setFailed(false);
    roomSession.roomAction(SOCKET_ACTIONS.voteOnSong, { songVotes }).catch(() => setFailed(true));
  };
  const button = (
    id: string,
    label: string,
    count: number,
    active: boolean,
    onPress: () => void,
  ) => (
    <Pressable
      testID={id}
      accessibilityRole="button"
      accessibilityLabel={label}
      accessibilityState={{ disabled, selected: active }}
      disabled={disabled}
      onPress={onPress}
      style={[styles.button, active && styles.active, disabled && styles.disabled]}
    >
      <Text style={styles.buttonText}>{label}</Text>
      <Text style={styles.count}>{count}</Text>
    </Pressable>
  );
  return (
    <View style={styles.wrap} testID="vote-panel">
      <View style={styles.vibeHead}>
        <Text style={styles.muted}>{t('room.vibe')}</Text>
        <Text style={styles.value} testID="vibe-value">
          {vibe}%
        </Text>
      </View>
      <View style={styles.vibeTrack} accessibilityRole="progressbar">
        <View style={[styles.vibeFill, { width: `${vibe}%` }]} />
      </View>
      <View style={styles.buttons}>
        {button('vote-like', t('room.like'), likes, mine.like === true, () => vote({ like: true }))}
        {button('vote-dislike', t('room.dislike'), dislikes, mine.like === false, () =>
          vote({ like: false }),
        )}
        {button('vote-star', t('room.star'), stars, mine.star === true, () =>
          vote({ star: !mine.star }),
        )}
      </View>
      {me.isGuest ? <Text style={styles.muted}>{t('room.guestVotes')}</Text> : null}
      {failed ? <Text style={styles.error}>{t('room.voteFailed')}</Text> : null}
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: 8 },
  vibeHead: { flexDirection: 'row', justifyContent: 'space-between' },
  value: { color: theme.text, fontWeight: '700' },
  vibeTrack: { height: 10, borderRadius: 5, backgroundColor: theme.border, overflow: 'hidden' },
  vibeFill: { height: 10, backgroundColor: theme.brand },
  buttons: { flexDirection: 'row', gap: 8 },
  button: {
    flex: 1,
    minHeight: 48,
    borderRadius: 14,
    backgroundColor: theme.surface,
    borderColor: theme.border,
    borderWidth: 1,
    alignItems: 'center',
    justifyContent: 'center',
  },
  active: { backgroundColor: theme.brand, borderColor: theme.brand },
  disabled: { opacity: 0.5 },
  buttonText: { color: theme.text, fontWeight: '700' },
  count: { color: theme.muted, fontSize: 12 },
  muted: { color: theme.muted },
  error: { color: theme.danger },
});
