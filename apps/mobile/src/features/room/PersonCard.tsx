import { router } from 'expo-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal, Pressable, ScrollView, StyleSheet, Text, View } from 'react-native';
import type { ClientRoomState } from '@tt/protocol';
import { ApiError } from '../../lib/api';
import { theme } from '../../ui/theme';
import { useRoomActor } from '../dj/seat';
import { Avatar } from './Avatar';
import { ModerationPanel } from './ModerationPanel';
import {
  useBlockMutation,
  useFollowingQuery,
  useFollowMutation,
  useInviteMutation,
} from './people-queries';

function Action(props: {
  id: string;
  label: string;
  onPress: () => void;
  primary?: boolean;
  disabled?: boolean;
}) {
  return (
    <Pressable
      testID={props.id}
      accessibilityRole="button"
      disabled={props.disabled}
      onPress={props.onPress}
      style={[styles.action, props.primary && styles.primary, props.disabled && styles.disabled]}
    >
      <Text style={styles.actionText}>{props.label}</Text>
    </Pressable>
  );
}

/**
 * A person in the room: follow, add as a friend, block, message (the web's UserSheet endpoints),
 * and for those the access table lets moderate here, the moderator's actions (ModerationPanel).
 * Guests and the person themself see the card without actions.
 */
export function PersonCard({
  state,
  uuid,
  me,
  onClose,
}: {
  state: ClientRoomState;
  uuid: string;
  me: { uuid: string | null; isGuest: boolean };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const profile = state.allUserData[uuid]?.userProfile;
  const actor = useRoomActor(state);
  // Their name as the card opened: it stays when they leave (kicked, banned) while it is open.
  const [nickname] = useState(profile?.nickname ?? '?');
  const [color] = useState(profile?.color ?? theme.brand);
  const [avatarId] = useState(profile?.avatarId);
  const acts = !me.isGuest && me.uuid !== null && me.uuid !== uuid;
  const following = useFollowingQuery(uuid, acts);
  const follow = useFollowMutation(uuid);
  const invite = useInviteMutation();
  const block = useBlockMutation();
  const [note, setNote] = useState<string | null>(null);
  const run = (p: Promise<unknown>, done: string) =>
    p.then(
      () => setNote(done),
      (err: unknown) => setNote(err instanceof ApiError ? err.displayText : t('errors.generic')),
    );
  return (
    <Modal transparent animationType="slide" visible onRequestClose={onClose}>
      <Pressable style={styles.backdrop} onPress={onClose} testID="person-backdrop" />
      <ScrollView
        style={styles.sheetScroll}
        contentContainerStyle={styles.sheet}
        testID="person-card"
        keyboardShouldPersistTaps="handled"
      >
        <Avatar nickname={nickname} color={color} avatarId={avatarId} size={72} />
        {acts ? (
          <View style={styles.actions}>
            <Action
              id="person-follow"
              primary={!following.data}
              disabled={following.data === undefined || follow.isPending}
              label={following.data ? t('room.person.unfollow') : t('room.person.follow')}
              onPress={() =>
                void run(
                  follow.mutateAsync(!following.data),
                  following.data ? t('room.person.unfollowed') : t('room.person.followed'),
                )
              }
            />
            <Action
              id="person-friend"
              label={t('room.person.addFriend')}
              disabled={invite.isPending}
              onPress={() => void run(invite.mutateAsync(uuid), t('room.person.invited'))}
            />
            <Action
              id="person-message"
              label={t('room.person.message')}
              onPress={() => {
                onClose();
                router.push(`/messages/${uuid}`);
              }}
            />
            <Action
              id="person-block"
              label={t('room.person.block')}
              disabled={block.isPending}
              onPress={() => void run(block.mutateAsync(uuid), t('room.person.blocked'))}
            />
          </View>
        ) : me.isGuest ? (
          <Text style={styles.muted}>{t('room.person.signIn')}</Text>
        ) : null}
        {note ? (
          <Text style={styles.muted} testID="person-note">
            {note}
          </Text>
        ) : null}
        <ModerationPanel state={state} uuid={uuid} name={nickname} actor={actor} />
        <Action id="person-close" label={t('room.person.close')} onPress={onClose} />
      </ScrollView>
    </Modal>
  );
}

const styles = StyleSheet.create({
  backdrop: { flex: 1, backgroundColor: '#0009' },
  sheetScroll: {
    flexGrow: 0,
    maxHeight: '85%',
    backgroundColor: theme.surface,
    borderTopLeftRadius: 24,
    borderTopRightRadius: 24,
  },
  sheet: {
    padding: 20,
    gap: 12,
    alignItems: 'center',
  },
  actions: { flexDirection: 'row', flexWrap: 'wrap', gap: 8, justifyContent: 'center' },
  action: {
    minHeight: 48,
    minWidth: 140,
    paddingHorizontal: 16,
    borderRadius: 14,
    borderWidth: 1,
    borderColor: theme.border,
    alignItems: 'center',
    justifyContent: 'center',
  },
  primary: { backgroundColor: theme.brand, borderColor: theme.brand },
  disabled: { opacity: 0.5 },
  actionText: { color: theme.text, fontWeight: '700' },
  muted: { color: theme.muted, textAlign: 'center' },
});
