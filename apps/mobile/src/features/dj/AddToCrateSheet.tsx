import { useTranslation } from 'react-i18next';
import { Modal, Pressable, ScrollView, StyleSheet, Text, View } from 'react-native';
import type { MinimalSongDto } from '@tt/protocol';
import { theme } from '../../ui/theme';
import { refKey, type CrateRef } from './active-crate';
import { addErrorText, useAddSongMutation, useCreateCrateMutation, useMyCrates } from './queries';

/**
 * "Add to…" for a song found in search: the queue, the starred list, one of your crates or a new
 * crate. A song the crate already holds is left out (the server says so, and so does the note).
 */
export function AddToCrateSheet({
  song,
  onDone,
  onClose,
}: {
  song: MinimalSongDto;
  onDone: (note: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const mine = useMyCrates(true);
  const add = useAddSongMutation();
  const create = useCreateCrateMutation();
  const busy = add.isPending || create.isPending;
  const title = song.trackName;

  const addTo = async (ref: CrateRef, name: string) => {
    try {
      const res = await add.mutateAsync({ ref, song });
      onDone(
        res.added.length === 0
          ? t('dj.pick.already', { title, name })
          : t('dj.pick.added', { title, name }),
      );
    } catch (err) {
      onDone(addErrorText(err, t));
    }
  };

  const addToNew = async () => {
    try {
      const made = await create.mutateAsync(undefined);
      await addTo({ id: made.crateUuid }, made.crateName);
    } catch (err) {
      onDone(addErrorText(err, t));
    }
  };

  const choices: { ref: CrateRef; name: string }[] = [
    { ref: { special: 'queue' }, name: t('dj.crates.queue') },
    { ref: { special: 'likes' }, name: t('dj.crates.likes') },
    ...(mine.data?.crates ?? []).map((c) => ({ ref: { id: c.crateUuid }, name: c.crateName })),
  ];

  return (
    <Modal transparent animationType="slide" visible onRequestClose={onClose}>
      <Pressable style={styles.backdrop} onPress={onClose} testID="pick-backdrop" />
      <View style={styles.sheet} testID="pick-crate">
        <Text style={styles.heading} numberOfLines={2}>
          {t('dj.pick.title', { title })}
        </Text>
        <ScrollView style={styles.list} contentContainerStyle={styles.listContent}>
          {choices.map(({ ref, name }) => (
            <Pressable
              key={refKey(ref)}
              accessibilityRole="button"
              disabled={busy}
              onPress={() => void addTo(ref, name)}
              style={styles.choice}
              testID={`pick-${refKey(ref)}`}
            >
              <Text style={styles.choiceText}>{name}</Text>
            </Pressable>
          ))}
          <Pressable
            accessibilityRole="button"
            disabled={busy}
            onPress={() => void addToNew()}
            style={[styles.choice, styles.fresh]}
            testID="pick-new"
          >
            <Text style={styles.choiceText}>+ {t('dj.pick.newCrate')}</Text>
          </Pressable>
        </ScrollView>
        <Pressable
          accessibilityRole="button"
          onPress={onClose}
          style={styles.close}
          testID="pick-close"
        >
          <Text style={styles.closeText}>{t('dj.pick.close')}</Text>
        </Pressable>
      </View>
    </Modal>
  );
}

const styles = StyleSheet.create({
  backdrop: { flex: 1, backgroundColor: '#0009' },
  sheet: {
    backgroundColor: theme.surface,
    borderTopLeftRadius: 24,
    borderTopRightRadius: 24,
    padding: 20,
    gap: 12,
    maxHeight: '75%',
  },
  heading: { color: theme.text, fontSize: 17, fontWeight: '700' },
  list: { flexGrow: 0 },
  listContent: { gap: 8 },
  choice: {
    minHeight: 48,
    paddingHorizontal: 16,
    borderRadius: 14,
    borderWidth: 1,
    borderColor: theme.border,
    justifyContent: 'center',
  },
  fresh: { borderStyle: 'dashed', borderColor: theme.brand },
  choiceText: { color: theme.text, fontWeight: '600' },
  close: { minHeight: 48, alignItems: 'center', justifyContent: 'center' },
  closeText: { color: theme.muted, fontWeight: '700' },
});
