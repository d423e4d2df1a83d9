import { router } from 'expo-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import { SOCKET_ACTIONS, type ClientRoomState } from '@tt/protocol';
import { currentPlay, toRoomSong, upNextUuid } from '@tt/rules';
import { ActionError } from '@tt/room-client';
import { trustText } from '../trust/text';
import { theme } from '../../ui/theme';
import { refKey, useActiveCrate } from '../dj/active-crate';
import '../dj/i18n';
import { useCrateSongs } from '../dj/queries';
import type { SeatBlock } from '../dj/seat';
import { SongRow } from '../dj/SongRow';
import { ruleRefusalText } from './RoomRules';
import { roomSession } from './session';

function Button(props: {
  label: string;
  onPress: () => void;
  testID: string;
  primary?: boolean;
  disabled?: boolean;
}) {
  return (
    <Pressable
      accessibilityRole="button"
      disabled={props.disabled}
      onPress={props.onPress}
      style={[styles.button, props.primary && styles.primary, props.disabled && styles.disabled]}
      testID={props.testID}
    >
      <Text style={styles.buttonText}>{props.label}</Text>
    </Pressable>
  );
}

/**
 * My seat's actions and what they said: take a seat (with the top song of the crate I DJ from),
 * leave it, skip my song. (My crate plays in order while I am seated: useDjRotation, run by the
 * room screen through useEnterRoom.)
 */
export function useSeat(signedIn: boolean) {
  const { t } = useTranslation();
  const crate = useActiveCrate();
  const songs = useCrateSongs(crate, signedIn);
  const list = songs.data?.songs ?? null;
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const top = list?.[0] ?? null;

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      setNote({ text: done, error: false });
    } catch (err) {
      // A refusal in the app's language when its code is known (trust, room rules), else in the
      // server's words (ActionError carries its message).
      const text =
        err instanceof ActionError
          ? err.disconnected
            ? t('dj.seat.notConnected')
            : (trustText(err.code, err.message) ?? ruleRefusalText(err.code) ?? err.message)
          : t('errors.generic');
      setNote({ text, error: true });
    } finally {
      setBusy(false);
    }
  };

  return {
    crate,
    top,
    note,
    busy,
    take: () =>
      run(
        () => roomSession.roomAction(SOCKET_ACTIONS.addDj, top ? { song: toRoomSong(top) } : {}),
        t('dj.seat.tookSeat'),
      ),
    leave: () => run(() => roomSession.roomAction(SOCKET_ACTIONS.removeDj), t('dj.seat.leftSeat')),
    /** VOTE-PLAY-1: the skip names the play shown (refused if another plays by then). */
    skip: (playStartTime?: number) =>
      run(
        () => roomSession.roomAction(SOCKET_ACTIONS.skipSong, { playStartTime }),
        t('dj.seat.skipped'),
      ),
  };
}

export type Seat = ReturnType<typeof useSeat>;

/**
 * My turn at the decks: the "Take a seat" button when the access table lets me, or why not; in
 * the booth, whether I am on air or up next, my next song, skip my song, leave; and the way to
 * my queue, my crates and search.
 */
export function SeatBar({
  state,
  me,
  block,
  seat: actions,
}: {
  state: ClientRoomState;
  me: string | null;
  block: SeatBlock | null;
  seat: Seat;
}) {
  const { t } = useTranslation();
  const { crate, top, note, busy } = actions;
  const signedIn = block !== 'guest' && me !== null;
  const seat = me ? state.djs.find((d) => d.uuid === me) : undefined;
  const play = currentPlay(state);
  const onAir = play !== null && play.djUuid === me;
  const upNext = !onAir && seat !== undefined && upNextUuid(state) === me;

  const links = signedIn ? (
    <View style={styles.row}>
      <Button
        label={t('dj.seat.queue')}
        onPress={() => router.push({ pathname: '/dj/crate/[id]', params: { id: refKey(crate) } })}
        testID="seat-queue"
      />
      <Button label={t('dj.seat.crates')} onPress={() => router.push('/dj')} testID="seat-crates" />
      <Button
        label={t('dj.seat.search')}
        onPress={() => router.push('/dj/search')}
        testID="seat-search"
      />
    </View>
  ) : null;

  const message = note ? (
    <Text style={note.error ? styles.error : styles.muted} testID="seat-note">
      {note.text}
    </Text>
  ) : null;

  if (seat) {
    return (
      <View style={[styles.card, styles.inBooth]} testID="seat-bar">
        <Text style={styles.heading} testID="seat-status">
          {onAir ? t('dj.seat.onAir') : upNext ? t('dj.seat.upNext') : t('dj.seat.inBooth')}
        </Text>
        {onAir && state.settings.songsPerDj > 0 ? (
          <Text style={styles.muted}>
            {t('dj.seat.remaining', { count: state.songsRemainingForDj })}
          </Text>
        ) : null}
        <Text style={styles.label}>{t('dj.seat.nextSong')}</Text>
        {seat.nextSong ? (
          <SongRow song={seat.nextSong} testID="seat-next-song" />
        ) : (
          <Text style={styles.muted} testID="seat-next-song">
            {t('dj.seat.noNext')}
          </Text>
        )}
        <View style={styles.row}>
          {onAir ? (
            <Button
              label={t('dj.seat.skip')}
              onPress={() => void actions.skip(state.nowPlaying?.startTime)}
              disabled={busy}
              testID="seat-skip"
            />
          ) : null}
          <Button
            label={t('dj.seat.leave')}
            onPress={() => void actions.leave()}
            disabled={busy}
            testID="seat-leave"
          />
        </View>
        {message}
        {links}
      </View>
    );
  }

  return (
    <View style={styles.card} testID="seat-bar">
      {block === null ? (
        <Button
          primary
          label={top ? t('dj.seat.takeWith', { title: top.trackName }) : t('dj.seat.take')}
          onPress={() => void actions.take()}
          disabled={busy}
          testID="seat-take"
        />
      ) : (
        <Text style={styles.muted} testID="seat-why">
          {t(`dj.seat.why.${block}`)}
        </Text>
      )}
      {message}
      {links}
    </View>
  );
}

const styles = StyleSheet.create({
  card: {
    gap: 10,
    padding: 14,
    borderRadius: 18,
    backgroundColor: theme.surface,
    borderWidth: 1,
    borderColor: theme.border,
  },
  inBooth: { borderColor: theme.brand },
  heading: { color: theme.text, fontSize: 17, fontWeight: '800' },
  label: { color: theme.muted, fontSize: 12, fontWeight: '700', textTransform: 'uppercase' },
  muted: { color: theme.muted },
  error: { color: theme.danger },
  row: { flexDirection: 'row', flexWrap: 'wrap', gap: 8 },
  button: {
    flexGrow: 1,
    minHeight: 44,
    paddingHorizontal: 14,
    borderRadius: 14,
    borderWidth: 1,
    borderColor: theme.border,
    alignItems: 'center',
    justifyContent: 'center',
  },
  primary: { backgroundColor: theme.brand, borderColor: theme.brand, minHeight: 52 },
  disabled: { opacity: 0.5 },
  buttonText: { color: theme.text, fontWeight: '700', textAlign: 'center' },
});
