import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, TextInput, View } from 'react-native';
import {
  SOCKET_ACTIONS,
  type ClientRoomState,
  type Permission,
  type RoomUserRole,
} from '@tt/protocol';
import { ActionError } from '@tt/room-client';
import { BAN_LENGTH_CHOICES, can, roomRolesOf, type Actor } from '@tt/rules';
import { ApiError } from '../../lib/api';
import { theme } from '../../ui/theme';
import { roomResource } from '../dj/seat';
import './access-i18n';
import { useKickMutation, useRoomRoleMutation } from './moderation-queries';
import { roomSession } from './session';

/** A role a moderator gives or takes from the card, and its texts (as the web's person card). */
const ROLE_TOGGLES: {
  role: RoomUserRole;
  permission: Permission;
  give: string;
  take: string;
  ask: string;
  takeAsk: string;
}[] = [
  {
    role: 'dj',
    permission: 'room.roles.assign',
    give: 'giveDjRole',
    take: 'takeDjRole',
    ask: 'djRoleAsk',
    takeAsk: 'djRoleTakeAsk',
  },
  {
    role: 'moderator',
    permission: 'room.moderators.assign',
    give: 'giveModerator',
    take: 'takeModerator',
    ask: 'moderatorAsk',
    takeAsk: 'moderatorTakeAsk',
  },
  {
    role: 'chatDisabled',
    permission: 'room.roles.assign',
    give: 'disableChat',
    take: 'enableChat',
    ask: 'chatAsk',
    takeAsk: 'chatTakeAsk',
  },
  {
    role: 'djDisabled',
    permission: 'room.roles.assign',
    give: 'disableDj',
    take: 'enableDj',
    ask: 'djDisabledAsk',
    takeAsk: 'djDisabledTakeAsk',
  },
];

type Pending =
  | { kind: 'removeDj' }
  | { kind: 'role'; role: RoomUserRole; give: boolean; ask: string }
  | { kind: 'kick' }
  | { kind: 'ban' };

function Item(props: { label: string; onPress: () => void; danger?: boolean; testID: string }) {
  return (
    <Pressable
      accessibilityRole="button"
      onPress={props.onPress}
      style={[styles.item, props.danger && styles.dangerItem]}
      testID={props.testID}
    >
      <Text style={[styles.itemText, props.danger && styles.dangerText]}>{props.label}</Text>
    </Pressable>
  );
}

/**
 * The moderator's actions on one person of the room, each asked again before it is done: take
 * them off the stage, give or take the DJ, moderator, chat-muted and DJ-stopped roles, kick (with
 * a reason), ban (reason, length). Each shows only when can() lets the actor do it in this room
 * with its roles (ACCESS-CAN-1); the server decides again and its refusal is shown as it says it.
 */
export function ModerationPanel({
  state,
  uuid,
  name,
  actor,
}: {
  state: ClientRoomState;
  uuid: string;
  name: string;
  actor: Actor | null;
}) {
  const { t } = useTranslation();
  const settings = state.settings;
  const roleMutation = useRoomRoleMutation(settings.uuid);
  const kick = useKickMutation();
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const [banMinutes, setBanMinutes] = useState<number | null>(24 * 60);
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);

  const here = roomResource(settings);
  const may = (p: Permission) => actor !== null && can(actor, p, here);
  const user = state.allUsers.find((u) => u.uuid === uuid);
  if (!actor || actor.uuid === uuid || !user) return null;
  const isGuest = user.tokenRole === 'guest';
  const held = roomRolesOf(here.room, uuid);
  const holds = (role: RoomUserRole) =>
    held.includes(role) || (role === 'dj' && user.highestRole === 'dj');
  const inBooth = state.djs.some((d) => d.uuid === uuid);

  const toggles = isGuest ? [] : ROLE_TOGGLES.filter((r) => may(r.permission));
  const canRemoveDj = inBooth && may('room.dj.remove.other');
  const canKick = may('room.kick');
  const canBan = !isGuest && may('room.ban');
  if (!canRemoveDj && toggles.length === 0 && !canKick && !canBan) return null;

  const ask = (p: Pending) => {
    setNote(null);
    setReason('');
    setPending(p);
  };

  const run = async (p: Pending) => {
    setBusy(true);
    const why = reason.trim() || undefined;
    try {
      if (p.kind === 'removeDj') {
        // VOTE-PLAY-1: only while the song shown still plays.
        const playStartTime = state.nowPlaying?.startTime;
        await roomSession.roomAction(SOCKET_ACTIONS.removeDj, { djUuid: uuid, playStartTime });
        setNote({ text: t('roomAccess.mod.removedDj', { name }), error: false });
      } else if (p.kind === 'role') {
        await roleMutation.mutateAsync({ give: p.give, userUuid: uuid, role: p.role });
        const text =
          p.role === 'dj'
            ? t(p.give ? 'roomAccess.mod.djRoleGiven' : 'roomAccess.mod.djRoleTaken', { name })
            : t('roomAccess.mod.roleChanged', { name });
        setNote({ text, error: false });
      } else if (p.kind === 'kick') {
        await kick.mutateAsync({ roomUuid: settings.uuid, userUuid: uuid, reason: why });
        setNote({ text: t('roomAccess.mod.kicked', { name }), error: false });
      } else {
        // RR-BAN-3: banned for the length chosen; they are sent out with the reason.
        await roleMutation.mutateAsync({
          give: true,
          userUuid: uuid,
          role: 'banned',
          reason: why,
          expirationTime: banMinutes
            ? new Date(Date.now() + banMinutes * 60_000).toISOString()
            : null,
        });
        setNote({ text: t('roomAccess.mod.banned', { name }), error: false });
      }
      setPending(null);
    } catch (err) {
      const text =
        err instanceof ApiError
          ? err.displayText
          : err instanceof ActionError
            ? err.message
            : t('errors.generic');
      setNote({ text, error: true });
    } finally {
      setBusy(false);
    }
  };

  const question = !pending
    ? ''
    : pending.kind === 'removeDj'
      ? t('roomAccess.mod.removeDjAsk', { name })
      : pending.kind === 'role'
        ? t(`roomAccess.mod.${pending.ask}`, { name })
        : pending.kind === 'kick'
          ? t('roomAccess.mod.kickAsk', { name })
          : t('roomAccess.mod.banAsk', { name });

  return (
    <View style={styles.wrap} testID="mod-menu">
      <Text style={styles.heading}>{t('roomAccess.mod.title')}</Text>
      {pending ? (
        <View style={styles.confirm} testID="mod-confirm-box">
          <Text style={styles.question}>{question}</Text>
          {pending.kind === 'kick' || pending.kind === 'ban' ? (
            <TextInput
              value={reason}
              onChangeText={setReason}
              maxLength={500}
              placeholder={t('roomAccess.mod.reason')}
              placeholderTextColor={theme.muted}
              accessibilityLabel={t('roomAccess.mod.reason')}
              style={styles.input}
              testID="mod-reason"
            />
          ) : null}
          {pending.kind === 'ban' ? (
            <View style={styles.lengths} accessibilityLabel={t('roomAccess.mod.banLength')}>
              {BAN_LENGTH_CHOICES.map((m) => (
                <Pressable
                  key={m ?? 'forever'}
                  accessibilityRole="radio"
                  accessibilityState={{ selected: banMinutes === m }}
                  onPress={() => setBanMinutes(m)}
                  style={[styles.chip, banMinutes === m && styles.chipOn]}
                  testID={`mod-ban-length-${m ?? 'forever'}`}
                >
                  <Text style={styles.itemText}>
                    {t(`roomAccess.mod.lengths.${m ?? 'forever'}`)}
                  </Text>
                </Pressable>
              ))}
            </View>
          ) : null}
          <View style={styles.row}>
            <Pressable
              accessibilityRole="button"
              disabled={busy}
              onPress={() => void run(pending)}
              style={[styles.item, styles.go, busy && styles.disabled]}
              testID="mod-confirm"
            >
              <Text style={styles.goText}>
                {pending.kind === 'kick'
                  ? t('roomAccess.mod.kickConfirm', { name })
                  : pending.kind === 'ban'
                    ? t('roomAccess.mod.banConfirm', { name })
                    : t('roomAccess.mod.confirm')}
              </Text>
            </Pressable>
            <Pressable
              accessibilityRole="button"
              onPress={() => setPending(null)}
              style={styles.item}
              testID="mod-cancel"
            >
              <Text style={styles.itemText}>{t('roomAccess.mod.cancel')}</Text>
            </Pressable>
          </View>
        </View>
      ) : (
        <View style={styles.row}>
          {canRemoveDj ? (
            <Item
              label={t('roomAccess.mod.removeDj')}
              onPress={() => ask({ kind: 'removeDj' })}
              testID="mod-remove-dj"
            />
          ) : null}
          {toggles.map((r) => {
            const has = holds(r.role);
            return (
              <Item
                key={r.role}
                label={t(`roomAccess.mod.${has ? r.take : r.give}`)}
                onPress={() =>
                  ask({ kind: 'role', role: r.role, give: !has, ask: has ? r.takeAsk : r.ask })
                }
                testID={`mod-role-${r.role}`}
              />
            );
          })}
          {canKick ? (
            <Item
              danger
              label={t('roomAccess.mod.kick')}
              onPress={() => ask({ kind: 'kick' })}
              testID="mod-kick"
            />
          ) : null}
          {canBan ? (
            <Item
              danger
              label={t('roomAccess.mod.ban')}
              onPress={() => ask({ kind: 'ban' })}
              testID="mod-ban"
            />
          ) : null}
        </View>
      )}
      {note ? (
        <Text style={note.error ? styles.error : styles.muted} testID="mod-note">
          {note.text}
        </Text>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  wrap: {
    alignSelf: 'stretch',
    gap: 8,
    paddingTop: 12,
    borderTopWidth: 1,
    borderTopColor: theme.border,
  },
  heading: { color: theme.muted, fontSize: 12, fontWeight: '700', textTransform: 'uppercase' },
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: 8 },
  item: {
    flexGrow: 1,
    minHeight: 44,
    paddingHorizontal: 12,
    borderRadius: 12,
    borderWidth: 1,
    borderColor: theme.border,
    alignItems: 'center',
    justifyContent: 'center',
  },
  dangerItem: { borderColor: theme.danger },
  itemText: { color: theme.text, fontWeight: '600', textAlign: 'center' },
  dangerText: { color: theme.danger },
  confirm: { gap: 10 },
  question: { color: theme.text, fontWeight: '600' },
  input: {
    minHeight: 46,
    borderRadius: 12,
    paddingHorizontal: 12,
    color: theme.text,
    backgroundColor: theme.bg,
    borderWidth: 1,
    borderColor: theme.border,
  },
  lengths: { flexDirection: 'row', flexWrap: 'wrap', gap: 6 },
  chip: {
    minHeight: 36,
    paddingHorizontal: 12,
    borderRadius: 999,
    borderWidth: 1,
    borderColor: theme.border,
    justifyContent: 'center',
  },
  chipOn: { backgroundColor: theme.brand, borderColor: theme.brand },
  go: { backgroundColor: theme.danger, borderColor: theme.danger },
  goText: { color: '#fff', fontWeight: '800', textAlign: 'center' },
  disabled: { opacity: 0.5 },
  muted: { color: theme.muted, textAlign: 'center' },
  error: { color: theme.danger, textAlign: 'center' },
});
