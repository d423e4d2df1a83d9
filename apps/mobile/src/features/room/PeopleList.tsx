import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import type { ClientRoomState } from '@tt/protocol';
import { theme } from '../../ui/theme';
import './access-i18n';
import { Avatar } from './Avatar';
import { PersonCard } from './PersonCard';
import { roomSession, useRoomStore } from './session';

/** The room roles and platform roles a person's row names (as the web's people list). */
const ROLE_BADGES = ['owner', 'coOwner', 'moderator', 'globalModerator', 'admin', 'staff'];

/** Everyone in the room, DJs first, with their role here; tapping someone opens their card. */
export function PeopleList({
  state,
  me,
}: {
  state: ClientRoomState;
  me: { uuid: string | null; isGuest: boolean };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  // ROOM-PAGE-1: in a big room the state holds a page of the people; more come on request.
  const usersPage = useRoomStore((s) => s.usersPage);
  const [loading, setLoading] = useState(false);
  const more = () => {
    setLoading(true);
    roomSession
      .loadMoreUsers()
      .catch(() => undefined)
      .finally(() => setLoading(false));
  };
  const count = Math.max(usersPage?.total ?? 0, state.allUsers.length);
  const djs = new Set(state.djs.map((dj) => dj.uuid));
  const nick = (uuid: string) => state.allUserData[uuid]?.userProfile?.nickname ?? '?';
  const people = [...state.allUsers].sort(
    (a, b) =>
      Number(djs.has(b.uuid)) - Number(djs.has(a.uuid)) || nick(a.uuid).localeCompare(nick(b.uuid)),
  );
  return (
    <View style={styles.wrap} testID="people-list">
      <Text style={styles.heading}>{t('room.people', { count })}</Text>
      {people.map((u) => (
        <Pressable
          key={u.uuid}
          style={styles.row}
          accessibilityRole="button"
          onPress={() => setOpen(u.uuid)}
          testID={`person-${u.uuid}`}
        >
          <Avatar
            nickname={nick(u.uuid)}
            color={state.allUserData[u.uuid]?.userProfile?.color ?? theme.brand}
            avatarId={state.allUserData[u.uuid]?.userProfile?.avatarId}
            size={32}
            showName={false}
          />
          <Text style={styles.name} numberOfLines={1}>
            {nick(u.uuid)}
            {u.uuid === me.uuid ? <Text style={styles.muted}> ({t('roomAccess.you')})</Text> : null}
          </Text>
          {u.highestRole && ROLE_BADGES.includes(u.highestRole) ? (
            <Text style={styles.role}>{t(`roomAccess.roles.${u.highestRole}`)}</Text>
          ) : u.tokenRole === 'guest' ? (
            <Text style={styles.role}>{t('roomAccess.roles.guest')}</Text>
          ) : null}
          {djs.has(u.uuid) ? <Text style={styles.badge}>{t('room.dj')}</Text> : null}
        </Pressable>
      ))}
      {usersPage?.nextOffset != null ? (
        <Pressable
          style={styles.more}
          accessibilityRole="button"
          disabled={loading}
          onPress={more}
          testID="people-more"
        >
          <Text style={styles.moreText}>{t('room.morePeople')}</Text>
        </Pressable>
      ) : null}
      {open ? <PersonCard state={state} uuid={open} me={me} onClose={() => setOpen(null)} /> : null}
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: 6 },
  heading: { color: theme.muted, fontSize: 12, fontWeight: '700', textTransform: 'uppercase' },
  row: { flexDirection: 'row', alignItems: 'center', gap: 6, minHeight: 48 },
  name: { color: theme.text, flex: 1 },
  muted: { color: theme.muted },
  more: { minHeight: 44, alignItems: 'center', justifyContent: 'center' },
  moreText: { color: theme.brand, fontWeight: '700' },
  role: {
    color: theme.text,
    borderColor: theme.border,
    borderWidth: 1,
    borderRadius: 999,
    paddingHorizontal: 8,
    fontSize: 11,
    fontWeight: '600',
    overflow: 'hidden',
  },
  badge: {
    color: '#fff',
    backgroundColor: theme.brand,
    borderRadius: 999,
    paddingHorizontal: 8,
    fontSize: 11,
    fontWeight: '700',
    overflow: 'hidden',
  },
});
