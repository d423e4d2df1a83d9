import { router, Stack } from 'expo-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityIndicator, FlatList, Pressable, StyleSheet, Text, View } from 'react-native';
import type { CrateSongDto } from '@tt/protocol';
import { currentPlay, isSameSong } from '@tt/rules';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { theme } from '../../ui/theme';
import { useRoomStore } from '../room/session';
import { refKey, sameRef, setActiveCrate, useActiveCrate, type CrateRef } from './active-crate';
import './i18n';
import {
  cachedCrateSongs,
  useCrate,
  useCrateSongs,
  useMoveSongMutation,
  useRemoveSongMutation,
} from './queries';
import { syncNextSong } from './rotation';
import { RowButton, SongRow } from './SongRow';

/**
 * One crate, in the order its songs play: move a song up, down or to the top, remove it, add
 * songs from search, and make it the crate this phone DJs from. A change of the crate I DJ from
 * changes my next song in the room when I am in the booth.
 */
export function CrateScreen({ crateRef }: { crateRef: CrateRef }) {
  const { t } = useTranslation();
  const session = useSession();
  const me = session.kind === 'user' ? session.uuid : null;
  const crate = useCrate(crateRef, me !== null);
  const songs = useCrateSongs(crateRef, me !== null);
  const move = useMoveSongMutation(crateRef);
  const remove = useRemoveSongMutation(crateRef);
  const active = useActiveCrate();
  const isActive = sameRef(active, crateRef);
  const room = useRoomStore((s) => s.state);
  const play = room ? currentPlay(room) : null;
  const [note, setNote] = useState<string | null>(null);
  const busy = move.isPending || remove.isPending;
  const list = songs.data?.songs ?? [];
  const total = songs.data?.total ?? crate.data?.crateSongsNumber ?? 0;
  const name =
    'special' in crateRef ? t(`dj.crates.${crateRef.special}`) : (crate.data?.crateName ?? '');

  const failed = (err: unknown) =>
    setNote(err instanceof ApiError ? err.displayText : t('errors.generic'));

  /** After a change: the room hears of my new next song when this is the crate I DJ from. */
  const changed = () => {
    const fresh = cachedCrateSongs(crateRef);
    if (isActive && fresh) void syncNextSong(me, fresh).catch(failed);
  };

  const moveTo = (song: CrateSongDto, to: number) =>
    move.mutateAsync({ crateSongUuid: song.crateSongUuid, to }).then(
      () => changed(),
      (err: unknown) => failed(err),
    );

  const removeSong = (song: CrateSongDto) =>
    remove.mutateAsync(song.crateSongUuid).then(
      () => {
        setNote(t('dj.crate.removed', { title: song.trackName }));
        changed();
      },
      (err: unknown) => failed(err),
    );

  const header = (
    <View style={styles.head}>
      <Text style={styles.muted} testID="crate-count">
        {t('dj.crates.songCount', { count: total })}
      </Text>
      {isActive ? (
        <Text style={styles.active} testID="crate-active">
          {t('dj.crate.isActive')}
        </Text>
      ) : (
        <Pressable
          accessibilityRole="button"
          onPress={() => {
            setActiveCrate(crateRef);
            setNote(t('dj.crate.activeSet', { name }));
            void syncNextSong(me, list).catch(failed);
          }}
          style={[styles.button, styles.primary]}
          testID="crate-make-active"
        >
          <Text style={styles.buttonText}>{t('dj.crate.makeActive')}</Text>
        </Pressable>
      )}
      <Pressable
        accessibilityRole="button"
        onPress={() => router.push({ pathname: '/dj/search', params: { crate: refKey(crateRef) } })}
        style={styles.button}
        testID="crate-add-songs"
      >
        <Text style={styles.buttonText}>+ {t('dj.crate.addSongs')}</Text>
      </Pressable>
      {note ? (
        <Text style={styles.note} testID="crate-note">
          {note}
        </Text>
      ) : null}
    </View>
  );

  return (
    <View style={styles.screen} testID="dj-crate">
      <Stack.Screen options={{ title: name || t('dj.crate.title') }} />
      {songs.isPending && me !== null ? (
        <View style={styles.center}>
          <ActivityIndicator color={theme.brand} />
          <Text style={styles.muted}>{t('dj.crate.loading')}</Text>
        </View>
      ) : (
        <FlatList
          data={list}
          keyExtractor={(s) => s.crateSongUuid}
          contentContainerStyle={styles.list}
          ListHeaderComponent={header}
          testID="crate-songs"
          ListEmptyComponent={
            <Text style={styles.empty} testID="crate-empty">
              {songs.error ? failedText(songs.error, t('errors.generic')) : t('dj.crate.empty')}
            </Text>
          }
          ListFooterComponent={
            total > list.length ? (
              <Text style={styles.empty}>{t('dj.crate.more', { count: total - list.length })}</Text>
            ) : null
          }
          renderItem={({ item: song, index: i }) => {
            const onAir = play !== null && play.djUuid === me && isSameSong(song, play.song);
            return (
              <SongRow
                song={song}
                highlight={onAir}
                lines={2}
                note={onAir ? t('dj.crate.playing') : undefined}
                testID={`crate-song-${i}`}
              >
                <RowButton
                  glyph="⤒"
                  label={t('dj.crate.top', { title: song.trackName })}
                  disabled={busy || i === 0}
                  onPress={() => void moveTo(song, 0)}
                  testID={`crate-top-${i}`}
                />
                <RowButton
                  glyph="↑"
                  label={t('dj.crate.up', { title: song.trackName })}
                  disabled={busy || i === 0}
                  onPress={() => void moveTo(song, i - 1)}
                  testID={`crate-up-${i}`}
                />
                <RowButton
                  glyph="↓"
                  label={t('dj.crate.down', { title: song.trackName })}
                  disabled={busy || i >= total - 1}
                  onPress={() => void moveTo(song, i + 1)}
                  testID={`crate-down-${i}`}
                />
                <RowButton
                  glyph="×"
                  label={t('dj.crate.remove', { title: song.trackName })}
                  disabled={busy}
                  onPress={() => void removeSong(song)}
                  testID={`crate-remove-${i}`}
                />
              </SongRow>
            );
          }}
        />
      )}
    </View>
  );
}

function failedText(err: unknown, generic: string): string {
  return err instanceof ApiError ? err.displayText : generic;
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: theme.bg },
  center: { flex: 1, alignItems: 'center', justifyContent: 'center', gap: 12 },
  list: { padding: 16, gap: 8 },
  head: { gap: 10, marginBottom: 8 },
  muted: { color: theme.muted },
  active: { color: theme.text, fontWeight: '600' },
  note: { color: theme.text },
  empty: { color: theme.muted, textAlign: 'center', padding: 24 },
  button: {
    minHeight: 48,
    paddingHorizontal: 16,
    borderRadius: 14,
    borderWidth: 1,
    borderColor: theme.border,
    alignItems: 'center',
    justifyContent: 'center',
  },
  primary: { backgroundColor: theme.brand, borderColor: theme.brand },
  buttonText: { color: theme.text, fontWeight: '700' },
});
