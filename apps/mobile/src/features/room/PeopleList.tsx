import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import type { ClientRoomState } from '@tt/protocol';
import { theme } from '../../ui/theme';
import { Avatar } from './Avatar';
import { PersonCard } from './PersonCard';

/** Everyone in the room, DJs first; tapping someone opens their card. */
export function PeopleList({
  state,
  me,
}: {
  state: ClientRoomState;
  me: { uuid: string | null; isGuest: boolean };
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<string | null>(null);
  const djs = new Set(state.djs.map((dj) => dj.uuid));
  const nick = (uuid: string) => state.allUserData[uuid]?.userProfile?.nickname ?? '?';
  const people = [...state.allUsers].sort(
    (a, b) =>
      Number(djs.has(b.uuid)) - Number(djs.has(a.uuid)) || nick(a.uuid).localeCompare(nick(b.uuid)),
  );
  return (
    <View style={styles.wrap} testID="people-list">
      <Text style={styles.heading}>{t('room.people', { count: state.allUsers.length })}</Text>
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
            size={32}
            showName={false}
          />
          <Text style={styles.name}>{nick(u.uuid)}</Text>
          {djs.has(u.uuid) ? <Text style={styles.badge}>{t('room.dj')}</Text> : null}
        </Pressable>
      ))}
      {open ? <PersonCard state={state} uuid={open} me={me} onClose={() => setOpen(null)} /> : null}
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: { gap: 6 },
  heading: { color: theme.muted, fontSize: 12, fontWeight: '700', textTransform: 'uppercase' },
  row: { flexDirection: 'row', alignItems: 'center', gap: 6, minHeight: 48 },
  name: { color: theme.text, flex: 1 },
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
