import { router } from 'expo-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ActivityIndicator,
  FlatList,
  Pressable,
  StyleSheet,
  Text,
  TextInput,
  View,
} from 'react-native';
import type { CommunityDto, EventDto } from '@tt/protocol';
import { ApiError } from '../../lib/api';
import { theme } from '../../ui/theme';
import './i18n';
import { roomsToShow } from './model';
import { useCommunities, usePromotedRooms, usePublicRooms, useUpcomingEvents } from './queries';
import { RoomCard } from './RoomCard';

function CommunityRow({ community }: { community: CommunityDto }) {
  const { t } = useTranslation();
  return (
    <View style={styles.small} testID={`community-${community.slug}`}>
      <Text style={styles.name}>{community.name}</Text>
      <Text style={styles.muted}>
        {t('rooms.members', { count: community.memberCount })}
        {' · '}
        {t('rooms.communityRooms', { count: community.roomCount })}
      </Text>
    </View>
  );
}

function EventRow({ event }: { event: EventDto }) {
  const { t, i18n } = useTranslation();
  const when =
    event.status === 'live'
      ? t('rooms.eventLive')
      : new Date(event.startsAt).toLocaleString(i18n.language, {
          weekday: 'short',
          hour: '2-digit',
          minute: '2-digit',
        });
  return (
    <Pressable
      style={styles.small}
      accessibilityRole="button"
      onPress={() => router.push({ pathname: '/room/[slug]', params: { slug: event.roomSlug } })}
      testID={`event-${event.slug}`}
    >
      <Text style={styles.name}>{event.name}</Text>
      <Text style={styles.muted}>{t('rooms.eventAt', { when, room: event.roomName })}</Text>
    </Pressable>
  );
}

/** Communities and upcoming events, below the rooms. */
function Extras({ search }: { search: string }) {
  const { t } = useTranslation();
  const communities = useCommunities(search);
  const events = useUpcomingEvents();
  const list = communities.data?.communities ?? [];
  const upcoming = events.data?.events ?? [];
  return (
    <View style={styles.extras}>
      <Text style={styles.heading}>{t('rooms.events')}</Text>
      {upcoming.length === 0 ? (
        <Text style={styles.muted}>
          {events.isPending ? t('common.loading') : t('rooms.noEvents')}
        </Text>
      ) : (
        upcoming.map((event) => <EventRow key={event.uuid} event={event} />)
      )}
      <Text style={styles.heading}>{t('rooms.communities')}</Text>
      {list.length === 0 ? (
        <Text style={styles.muted}>
          {communities.isPending ? t('common.loading') : t('rooms.noCommunities')}
        </Text>
      ) : (
        list.map((community) => <CommunityRow key={community.uuid} community={community} />)
      )}
    </View>
  );
}

/** Find rooms: live first (promoted ones too), search, upcoming events and communities. */
export function RoomsScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const publicRooms = usePublicRooms();
  const promoted = usePromotedRooms();
  const rooms = useMemo(
    () => roomsToShow(promoted.data ?? [], publicRooms.data?.rooms ?? [], search),
    [promoted.data, publicRooms.data, search],
  );
  const refresh = () => {
    void publicRooms.refetch();
    void promoted.refetch();
  };

  const header = (
    <View style={styles.header}>
      <Text style={styles.welcome}>{t('home.welcome')}</Text>
      <Text style={styles.muted}>{t('home.lead')}</Text>
      <TextInput
        value={search}
        onChangeText={setSearch}
        placeholder={t('rooms.search')}
        placeholderTextColor={theme.muted}
        style={styles.search}
        accessibilityLabel={t('rooms.search')}
        testID="rooms-search"
        autoCorrect={false}
        autoCapitalize="none"
        clearButtonMode="while-editing"
      />
      <Text style={styles.heading}>{t('rooms.title')}</Text>
    </View>
  );

  let empty: React.ReactNode;
  if (publicRooms.isPending) {
    empty = <ActivityIndicator color={theme.brand} accessibilityLabel={t('common.loading')} />;
  } else if (publicRooms.isError) {
    empty = (
      <View testID="rooms-error" style={styles.small}>
        <Text style={styles.error}>
          {publicRooms.error instanceof ApiError
            ? publicRooms.error.displayText
            : t('errors.generic')}
        </Text>
        <Pressable accessibilityRole="button" onPress={refresh} style={styles.retry}>
          <Text style={styles.link}>{t('common.retry')}</Text>
        </Pressable>
      </View>
    );
  } else {
    empty = (
      <Text style={styles.muted} testID="rooms-empty">
        {search.trim() ? t('rooms.noMatch', { term: search.trim() }) : t('rooms.emptyPublic')}
      </Text>
    );
  }

  return (
    <FlatList
      style={styles.screen}
      contentContainerStyle={styles.content}
      data={rooms}
      keyExtractor={(room) => room.uuid}
      renderItem={({ item }) => <RoomCard room={item} />}
      ListHeaderComponent={header}
      ListEmptyComponent={<View style={styles.empty}>{empty}</View>}
      ListFooterComponent={<Extras search={search} />}
      onRefresh={refresh}
      refreshing={publicRooms.isRefetching}
      keyboardShouldPersistTaps="handled"
      testID="rooms-list"
    />
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: theme.bg },
  content: { padding: 16, paddingBottom: 32 },
  header: { gap: 12, marginBottom: 8 },
  search: {
    backgroundColor: theme.surface,
    borderColor: theme.border,
    borderWidth: 1,
    borderRadius: 14,
    paddingHorizontal: 14,
    minHeight: 48,
    color: theme.text,
    fontSize: 16,
  },
  welcome: { color: theme.text, fontSize: 24, fontWeight: '800' },
  heading: { color: theme.text, fontSize: 20, fontWeight: '800', marginTop: 8 },
  empty: { paddingVertical: 24, alignItems: 'center' },
  extras: { gap: 10, marginTop: 12 },
  small: {
    backgroundColor: theme.surface,
    borderColor: theme.border,
    borderWidth: 1,
    borderRadius: 14,
    padding: 12,
    gap: 2,
  },
  name: { color: theme.text, fontSize: 15, fontWeight: '700' },
  muted: { color: theme.muted },
  error: { color: theme.danger },
  retry: { minHeight: 44, justifyContent: 'center' },
  link: { color: theme.brand, fontWeight: '700' },
});
