import { useState } from 'react';
import { router } from 'expo-router';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import type { ClientRoomState, SaveSetBody } from '@tt/protocol';
import { ApiError } from '../../lib/api';
import { theme } from '../../ui/theme';
import { useRoomSetsQuery, useSaveSetMutation } from './queries';
import './sets-i18n';
import { setClock, setCrateName, setDay } from '@tt/rules';

/**
 * "Last sets" (SET-1..6), folded until opened: the room's last DJ sets, each saved as a crate in
 * one tap, and "Save what I heard": the songs played since `since` (when this room was opened,
 * SET-5). A saved crate opens in the DJ screens. Guests see the sets without the buttons.
 */
export function LastSets({
  state,
  me,
  since,
}: {
  state: ClientRoomState;
  me: { uuid: string | null; isGuest: boolean };
  since: string;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const { slug, name } = state.settings;
  const sets = useRoomSetsQuery(slug, state.nowPlaying?.startTime ?? 0, open);
  const save = useSaveSetMutation(slug);
  const day = (iso: string) => setDay(iso, i18n.language);
  const clock = (iso: string) => setClock(iso, i18n.language);
  const crateName = (iso: string) =>
    setCrateName(t('roomSets.crateName', { room: name, date: day(iso) }));
  const canSave = !me.isGuest && me.uuid !== null;
  const saveThis = (body: SaveSetBody) => save.mutate(body);
  const list = sets.data?.sets ?? [];
  const djName = (uuid: string) =>
    state.allUserData[uuid]?.userProfile.nickname ?? t('roomSets.aDj');

  return (
    <View style={styles.card} testID="last-sets">
      <Pressable
        accessibilityRole="button"
        accessibilityState={{ expanded: open }}
        accessibilityLabel={open ? t('roomSets.hide') : t('roomSets.show')}
        onPress={() => setOpen((o) => !o)}
        style={styles.header}
        testID="last-sets-toggle"
      >
        <Text style={styles.title}>
          {t('roomSets.title')}
          {sets.data ? ` (${sets.data.total})` : ''}
        </Text>
        <Text style={styles.chevron}>{open ? '▴' : '▾'}</Text>
      </Pressable>
      {open ? (
        <View style={styles.body}>
          {canSave ? (
            <Pressable
              accessibilityRole="button"
              accessibilityHint={t('roomSets.saveHeardHint')}
              disabled={save.isPending}
              onPress={() =>
                saveThis({
                  kind: 'heard',
                  from: since,
                  to: new Date().toISOString(),
                  crateName: crateName(since),
                })
              }
              style={[styles.button, save.isPending && styles.disabled]}
              testID="save-heard"
            >
              <Text style={styles.buttonText}>{t('roomSets.saveHeard')}</Text>
            </Pressable>
          ) : null}
          {save.data ? (
            <View accessibilityLiveRegion="polite" testID="set-saved">
              <Text style={styles.text}>{t('roomSets.saved', { count: save.data.added })}</Text>
              <Pressable
                accessibilityRole="link"
                onPress={() =>
                  router.push({
                    pathname: '/dj/crate/[id]',
                    params: { id: save.data.crate.crateUuid },
                  })
                }
                testID="set-saved-open"
              >
                <Text style={styles.link}>
                  {t('roomSets.openCrate', { name: save.data.crate.crateName })}
                </Text>
              </Pressable>
            </View>
          ) : null}
          {save.error ? (
            <Text style={styles.error} accessibilityRole="alert">
              {save.error instanceof ApiError ? save.error.displayText : t('errors.generic')}
            </Text>
          ) : null}
          {sets.isPending ? <Text style={styles.muted}>{t('roomSets.loading')}</Text> : null}
          {sets.error ? (
            <Text style={styles.error}>
              {sets.error instanceof ApiError ? sets.error.displayText : t('errors.generic')}
            </Text>
          ) : null}
          {sets.data && list.length === 0 ? (
            <Text style={styles.muted}>{t('roomSets.none')}</Text>
          ) : null}
          {list.map((set) => (
            <View key={`${set.djUuid}-${set.startedAt}`} style={styles.row} testID="last-set">
              <View style={styles.rowText}>
                <Text style={styles.text}>{djName(set.djUuid)}</Text>
                <Text style={styles.muted}>
                  {`${day(set.startedAt)} · ${clock(set.startedAt)}–${clock(set.endedAt)} · ${t('roomSets.songs', { count: set.songCount })}`}
                </Text>
              </View>
              {canSave ? (
                <Pressable
                  accessibilityRole="button"
                  accessibilityLabel={t('roomSets.saveSetOf', { name: djName(set.djUuid) })}
                  disabled={save.isPending}
                  onPress={() =>
                    saveThis({
                      kind: 'set',
                      djUuid: set.djUuid,
                      startedAt: set.startedAt,
                      crateName: crateName(set.startedAt),
                    })
                  }
                  style={[styles.button, save.isPending && styles.disabled]}
                  testID="save-set"
                >
                  <Text style={styles.buttonText}>{t('roomSets.saveSet')}</Text>
                </Pressable>
              ) : null}
            </View>
          ))}
        </View>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  card: {
    borderRadius: 12,
    borderWidth: 1,
    borderColor: theme.border,
    backgroundColor: theme.surface,
  },
  header: {
    minHeight: 44,
    paddingHorizontal: 14,
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'space-between',
  },
  title: { color: theme.text, fontWeight: '700', fontSize: 16 },
  chevron: { color: theme.muted, fontSize: 16 },
  body: { paddingHorizontal: 14, paddingBottom: 14, gap: 10 },
  row: { flexDirection: 'row', alignItems: 'center', gap: 10 },
  rowText: { flex: 1, gap: 2 },
  text: { color: theme.text },
  muted: { color: theme.muted },
  error: { color: theme.danger },
  link: { color: theme.brand, fontWeight: '700', paddingVertical: 6 },
  button: {
    minHeight: 40,
    paddingHorizontal: 12,
    borderRadius: 999,
    borderWidth: 1,
    borderColor: theme.brand,
    alignItems: 'center',
    justifyContent: 'center',
    alignSelf: 'flex-start',
  },
  disabled: { opacity: 0.5 },
  buttonText: { color: theme.brand, fontWeight: '700' },
});
