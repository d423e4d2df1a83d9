import { useTranslation } from 'react-i18next';
import { ScrollView, StyleSheet, Text, View } from 'react-native';
import type { ClientRoomState } from '@tt/protocol';
import { theme } from '../../ui/theme';
import { Avatar } from './Avatar';

function profileOf(state: ClientRoomState, uuid: string) {
  const p = state.allUserData[uuid]?.userProfile;
  return { nickname: p?.nickname ?? '?', color: p?.color ?? theme.brand };
}

/** The DJ booth and the floor: the people in the room, dancing while the vibe is positive. */
export function Stage({ state }: { state: ClientRoomState }) {
  const { t } = useTranslation();
  const dancing = state.nowPlaying !== null && state.vibeMeter > 0;
  const playingDj = state.nowPlaying?.song ? state.djs[0]?.uuid : undefined;
  return (
    <View style={styles.wrap}>
      <Text style={styles.heading}>{t('room.stage')}</Text>
      <View style={styles.booth} testID="stage-djs">
        {state.visibleDjs.length === 0 ? (
          <Text style={styles.muted}>{t('room.emptyStage')}</Text>
        ) : (
          state.visibleDjs.map((dj) => (
            <Avatar
              key={dj.uuid}
              {...profileOf(state, dj.uuid)}
              size={56}
              ring={dj.uuid === playingDj}
              dancing={dancing}
              testID={`dj-${dj.uuid}`}
            />
          ))
        )}
      </View>
      <Text style={styles.heading}>{t('room.floor')}</Text>
      <ScrollView horizontal contentContainerStyle={styles.floor} testID="floor">
        {state.floorUsers.length === 0 ? (
          <Text style={styles.muted}>{t('room.emptyFloor')}</Text>
        ) : (
          state.floorUsers.map((u) => (
            <Avatar
              key={u.uuid}
              {...profileOf(state, u.uuid)}
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

const styles = StyleSheet.create({
  wrap: { gap: 8 },
  heading: { color: theme.muted, fontSize: 12, fontWeight: '700', textTransform: 'uppercase' },
  booth: {
    flexDirection: 'row',
    flexWrap: 'wrap',
    justifyContent: 'center',
    gap: 8,
    padding: 14,
    minHeight: 96,
    borderRadius: 18,
    backgroundColor: theme.surface,
    borderWidth: 1,
    borderColor: theme.brand,
    alignItems: 'center',
  },
  floor: { gap: 4, paddingVertical: 10, minHeight: 80, alignItems: 'center' },
  muted: { color: theme.muted },
});
