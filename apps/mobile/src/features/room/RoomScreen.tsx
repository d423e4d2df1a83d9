import { router, Stack } from 'expo-router';
import { useTranslation } from 'react-i18next';
import { ActivityIndicator, Pressable, ScrollView, StyleSheet, Text, View } from 'react-native';
import { ApiError } from '../../lib/api';
import { theme } from '../../ui/theme';
import RoomPlayer from '../player/RoomPlayer';
import './i18n';
import { NowPlaying } from './NowPlaying';
import { PeopleList } from './PeopleList';
import { useSession } from '../../lib/session';
import { useRoom } from './queries';
import { roomSession, roomStore, useRoomStore } from './session';
import { Stage } from './Stage';
import { useEnterRoom } from './useEnterRoom';
import { VotePanel } from './VotePanel';

function Centered({ children, testID }: { children: React.ReactNode; testID?: string }) {
  return (
    <View style={styles.center} testID={testID}>
      {children}
    </View>
  );
}

/** A room: who is on stage and on the floor, the song and its progress, votes and the vibe. */
export function RoomScreen({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const room = useRoom(slug);
  const session = useSession();
  const token = session.kind === 'signedOut' ? null : session.token;
  const gate = useEnterRoom(room.data, token);
  const status = useRoomStore((s) => s.status);
  const state = useRoomStore((s) => s.state);
  const offset = useRoomStore((s) => s.serverTimeOffset);
  const socketError = useRoomStore((s) => s.error);
  const me = {
    uuid: session.kind === 'signedOut' ? null : session.uuid,
    isGuest: session.kind !== 'user',
  };
  const title = room.data?.name ?? t('room.title');

  const leave = () => {
    roomSession.leaveRoom();
    if (router.canGoBack()) router.back();
    else router.replace('/');
  };

  let body: React.ReactNode;
  if (room.error) {
    const missing = room.error instanceof ApiError && room.error.status === 404;
    body = (
      <Centered testID="room-missing">
        <Text style={styles.error}>
          {missing
            ? t('room.notFound')
            : room.error instanceof ApiError
              ? room.error.displayText
              : t('errors.generic')}
        </Text>
      </Centered>
    );
  } else if (gate.kind === 'error' || status === 'failed' || status === 'kicked') {
    body = (
      <Centered testID="room-failed">
        <Text style={styles.heading}>
          {status === 'kicked' ? t('room.kicked') : t('room.failed')}
        </Text>
        <Text style={styles.error}>{gate.kind === 'error' ? gate.message : socketError}</Text>
      </Centered>
    );
  } else if (!state || gate.kind === 'joining') {
    body = (
      <Centered testID="room-joining">
        <ActivityIndicator color={theme.brand} />
        <Text style={styles.muted}>{t('room.joining')}</Text>
      </Centered>
    );
  } else {
    body = (
      <ScrollView contentContainerStyle={styles.content} testID="room-live">
        {status === 'reconnecting' || status === 'rejoining' ? (
          <Text style={styles.muted}>{t('room.reconnecting')}</Text>
        ) : null}
        <RoomPlayer store={roomStore} />
        <NowPlaying nowPlaying={state.nowPlaying} offset={offset} />
        <VotePanel state={state} me={me} />
        <Stage state={state} />
        <PeopleList state={state} me={me} />
      </ScrollView>
    );
  }

  return (
    <View style={styles.screen} testID="room-screen">
      <Stack.Screen
        options={{
          title,
          headerRight: () => (
            <Pressable
              onPress={leave}
              accessibilityRole="button"
              testID="room-leave"
              style={styles.leave}
            >
              <Text style={styles.leaveText}>{t('room.leave')}</Text>
            </Pressable>
          ),
        }}
      />
      {body}
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: theme.bg },
  content: { padding: 16, gap: 16 },
  center: { flex: 1, alignItems: 'center', justifyContent: 'center', gap: 12, padding: 24 },
  heading: { color: theme.text, fontSize: 18, fontWeight: '700', textAlign: 'center' },
  muted: { color: theme.muted, textAlign: 'center' },
  error: { color: theme.danger, textAlign: 'center' },
  leave: { paddingHorizontal: 14, paddingVertical: 8 },
  leaveText: { color: theme.brand, fontWeight: '700' },
});
