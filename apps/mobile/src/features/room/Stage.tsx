import { useTranslation } from 'react-i18next';
import { Pressable, ScrollView, StyleSheet, Text, View } from 'react-native';
import type { ClientRoomState } from '@tt/protocol';
import { theme } from '../../ui/theme';
import { seatBlock, useRoomActor } from '../dj/seat';
import { Avatar } from './Avatar';
import { SeatBar, useSeat } from './SeatBar';

function profileOf(state: ClientRoomState, uuid: string) {
  const p = state.allUserData[uuid]?.userProfile;
  return { nickname: p?.nickname ?? '?', color: p?.color ?? theme.brand, avatarId: p?.avatarId };
}

/**
 * The DJ booth with its free seats, my seat controls, and the floor: the people in the room,
 * dancing while the vibe is positive.
 */
export function Stage({ state }: { state: ClientRoomState }) {
  const { t } = useTranslation();
  const actor = useRoomActor(state);
  const block = seatBlock(actor, state);
  const me = actor?.uuid ?? null;
  const dancing = state.nowPlaying !== null && state.vibeMeter > 0;
  const playingDj = state.nowPlaying?.song ? state.djs[0]?.uuid : undefined;
  const seated = me !== null && state.djs.some((d) => d.uuid === me);
  const seat = useSeat(block !== 'guest' && me !== null);
  const free = Math.max(0, Math.max(1, state.settings.numberOfDjs || 1) - state.visibleDjs.length);
  return (
    <View style={styles.wrap}>
      <Text style={styles.heading}>{t('room.stage')}</Text>
      <View style={styles.booth} testID="stage-djs">
        {state.visibleDjs.map((dj) => (
          <Avatar
            key={dj.uuid}
            {...profileOf(state, dj.uuid)}
            mode="full"
            size={SEAT}
            ring={dj.uuid === playingDj}
            dancing={dancing}
            testID={`dj-${dj.uuid}`}
          />
        ))}
        {Array.from({ length: free }, (_, i) =>
          // The first free seat is mine to take when the access table lets me (ACCESS-CAN-1).
          i === 0 && !seated && block === null ? (
            <Pressable
              key="take"
              accessibilityRole="button"
              accessibilityLabel={t('dj.seat.take')}
              disabled={seat.busy}
              onPress={() => void seat.take()}
              style={[styles.seat, styles.seatOpen]}
              testID="booth-take"
            >
              <Text style={styles.seatGlyph}>+</Text>
            </Pressable>
          ) : (
            <View key={`free-${i}`} style={styles.seat} accessibilityLabel={t('dj.seat.freeSeat')}>
              <Text style={styles.seatFree}>♪</Text>
            </View>
          ),
        )}
      </View>
      {state.visibleDjs.length === 0 ? (
        <Text style={[styles.muted, styles.center]}>{t('room.emptyStage')}</Text>
      ) : null}
      <SeatBar state={state} me={me} block={block} seat={seat} />
      <Text style={styles.heading}>{t('room.floor')}</Text>
      <ScrollView horizontal contentContainerStyle={styles.floor} testID="floor">
        {state.floorUsers.length === 0 ? (
          <Text style={styles.muted}>{t('room.emptyFloor')}</Text>
        ) : (
          state.floorUsers.map((u) => (
            <Avatar
              key={u.uuid}
              {...profileOf(state, u.uuid)}
              mode="full"
              ring={state.allUserData[u.uuid]?.songVotes?.like === true}
              dancing={dancing}
              testID={`floor-${u.uuid}`}
            />
          ))
        )}
      </ScrollView>
    </View>
  );
}

/** A seat's size: the booth's five seats fit in one row on a 390 px phone. */
const SEAT = 44;

const styles = StyleSheet.create({
  wrap: { gap: 8 },
  heading: { color: theme.muted, fontSize: 12, fontWeight: '700', textTransform: 'uppercase' },
  booth: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: 6,
    padding: 12,
    minHeight: 96,
    borderRadius: 18,
    backgroundColor: theme.surface,
    borderWidth: 1,
    borderColor: theme.brand,
    alignItems: 'center',
  },
  seat: {
    width: SEAT,
    height: SEAT,
    borderRadius: SEAT / 2,
    borderWidth: 2,
    borderStyle: 'dashed',
    borderColor: theme.border,
    alignItems: 'center',
    justifyContent: 'center',
  },
  seatOpen: { borderColor: theme.brand, backgroundColor: theme.bg },
  seatGlyph: { color: theme.text, fontSize: 26, fontWeight: '800' },
  seatFree: { color: theme.muted, fontSize: 18 },
  center: { textAlign: 'center' },
  floor: { gap: 4, paddingVertical: 10, minHeight: 80, alignItems: 'center' },
  muted: { color: theme.muted },
});
