import { Stack } from 'expo-router';
import { useTranslation } from 'react-i18next';
import { ActivityIndicator, FlatList, Pressable, StyleSheet, Text, View } from 'react-native';
import { SafeAreaView } from 'react-native-safe-area-context';
import type { RoomDto } from '@tt/protocol';
import { usePublicRooms } from '../src/features/rooms/queries';
import { ApiError } from '../src/lib/api';
import { BRAND_TEXT } from '../src/lib/config';
import { theme } from '../src/ui/theme';

function RoomRow({ room }: { room: RoomDto }) {
  const { t } = useTranslation();
  return (
    <View style={styles.row} testID={`room-${room.slug}`}>
      <Text style={styles.name}>{room.name}</Text>
      <Text style={styles.muted}>
        {room.song ? `${room.song.artistName} — ${room.song.trackName}` : t('rooms.quiet')}
      </Text>
      <Text style={styles.muted}>
        {t('rooms.listeners', { count: room.numberOfUsersInRoom ?? 0 })}
      </Text>
    </View>
  );
}

/** Welcome, then the public rooms (placeholder until the rooms screens arrive). */
export default function Home() {
  const { t } = useTranslation();
  const rooms = usePublicRooms();
  return (
    <SafeAreaView style={styles.screen} edges={['bottom', 'left', 'right']}>
      <Stack.Screen options={{ title: BRAND_TEXT.title }} />
      <Text style={styles.title}>{t('home.welcome')}</Text>
      <Text style={styles.muted}>{t('home.lead')}</Text>
      <Text style={styles.heading}>{t('rooms.title')}</Text>
      {rooms.isPending ? (
        <ActivityIndicator color={theme.brand} accessibilityLabel={t('common.loading')} />
      ) : rooms.isError ? (
        <View testID="rooms-error">
          <Text style={styles.error}>
            {rooms.error instanceof ApiError ? rooms.error.displayText : t('errors.generic')}
          </Text>
          <Pressable accessibilityRole="button" onPress={() => void rooms.refetch()}>
            <Text style={styles.link}>{t('common.retry')}</Text>
          </Pressable>
        </View>
      ) : (
        <FlatList
          data={rooms.data.rooms}
          keyExtractor={(room) => room.uuid}
          renderItem={({ item }) => <RoomRow room={item} />}
          ListEmptyComponent={<Text style={styles.muted}>{t('rooms.emptyPublic')}</Text>}
          onRefresh={() => void rooms.refetch()}
          refreshing={rooms.isRefetching}
        />
      )}
    </SafeAreaView>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: theme.bg, paddingHorizontal: 16, gap: 8 },
  title: { color: theme.text, fontSize: 26, fontWeight: '700', marginTop: 16 },
  heading: { color: theme.text, fontSize: 18, fontWeight: '600', marginTop: 16 },
  row: {
    backgroundColor: theme.surface,
    borderColor: theme.border,
    borderWidth: 1,
    borderRadius: 14,
    padding: 12,
    marginBottom: 8,
    gap: 2,
  },
  name: { color: theme.text, fontSize: 16, fontWeight: '600' },
  muted: { color: theme.muted },
  error: { color: theme.danger },
  link: { color: theme.brand, fontWeight: '600', marginTop: 8 },
});
