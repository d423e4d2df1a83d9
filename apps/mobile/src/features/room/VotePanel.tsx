import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import { SOCKET_ACTIONS, type ClientRoomState } from '@tt/protocol';
import { can } from '@tt/rules';
import { theme } from '../../ui/theme';
import { roomResource, useRoomActor } from '../dj/seat';
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
  const actor = useRoomActor(state);
  // VOTE-PLAY-4/5: no dislike button when the room turned them off; with private dislikes the
  // count only for the DJ playing and those who may read it (the others' count is always 0).
  const mode = state.settings.dislikes ?? 'on';
  const countsDislikes =
    mode === 'on' ||
    (me.uuid !== null && state.nowPlaying !== null && state.djs[0]?.uuid === me.uuid) ||
    (actor !== null && can(actor, 'room.dislikes.read', roomResource(state.settings)));
  // VOTE-PLAY-1: the vote names the play shown; if another plays when it arrives, it is refused.
  const playStartTime = state.nowPlaying?.startTime;
  const vote = (songVotes: { like?: boolean; star?: boolean }) => {
    setFailed(false);
    roomSession
      .roomAction(SOCKET_ACTIONS.voteOnSong, { songVotes, playStartTime })
      .catch(() => setFailed(true));
  };
  const button = (
    id: string,
    label: string,
    count: number | null,
    active: boolean,
    onPress: () => void,
  ) => (
    <Pressable
      testID={id}
      accessibilityRole="button"
      accessibilityLabel={label}
      accessibilityState={{ disabled, selected: active }}
      accessibilityValue={count === null ? undefined : { text: String(count) }}
      disabled={disabled}
      onPress={onPress}
      style={[styles.button, active && styles.active, disabled && styles.disabled]}
    >
      <Text style={styles.buttonText}>{label}</Text>
      {count === null ? null : (
        <Text style={styles.count} testID={`${id}-count`}>
          {count}
        </Text>
      )}
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
      <View
        style={styles.vibeTrack}
        accessible
        accessibilityRole="progressbar"
        accessibilityLabel={t('room.vibe')}
        accessibilityValue={{ min: 0, max: 100, now: vibe }}
      >
        <View style={[styles.vibeFill, { width: `${vibe}%` }]} />
      </View>
      <View style={styles.buttons}>
        {button('vote-like', t('room.like'), likes, mine.like === true, () => vote({ like: true }))}
        {mode === 'off'
          ? null
          : button(
              'vote-dislike',
              t('room.dislike'),
              countsDislikes ? dislikes : null,
              mine.like === false,
              () => vote({ like: false }),
            )}
        {button('vote-star', t('room.star'), stars, mine.star === true, () =>
          vote({ star: !mine.star }),
        )}
      </View>
      {me.isGuest ? <Text style={styles.muted}>{t('room.guestVotes')}</Text> : null}
      {mode !== 'off' && !countsDislikes ? (
        <Text style={styles.muted} testID="dislikes-private">
          {t('room.dislikesPrivate')}
        </Text>
      ) : null}
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
