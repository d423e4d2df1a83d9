import { router, Stack } from 'expo-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, ScrollView, StyleSheet, Text, TextInput, View } from 'react-native';
import { ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { theme } from '../../ui/theme';
import { refKey, sameRef, useActiveCrate, type CrateRef } from './active-crate';
import './i18n';
import { useCrate, useCreateCrateMutation, useMyCrates } from './queries';

function CrateCard({
  crateRef,
  name,
  count,
  importing,
  active,
}: {
  crateRef: CrateRef;
  name: string;
  count: number | undefined;
  importing?: boolean;
  active: boolean;
}) {
  const { t } = useTranslation();
  const key = refKey(crateRef);
  return (
    <Pressable
      accessibilityRole="button"
      onPress={() => router.push({ pathname: '/dj/crate/[id]', params: { id: key } })}
      style={[styles.card, active && styles.cardActive]}
      testID={`crate-${key}`}
    >
      <View style={styles.disc}>
        <Text style={styles.discGlyph}>
          {'special' in crateRef ? (crateRef.special === 'queue' ? '☰' : '★') : '♫'}
        </Text>
      </View>
      <View style={styles.cardText}>
        <Text style={styles.cardName} numberOfLines={1}>
          {name}
        </Text>
        <Text style={styles.muted}>
          {count === undefined ? '…' : t('dj.crates.songCount', { count })}
          {importing ? ` · ${t('dj.crates.importing')}` : ''}
        </Text>
        {active ? (
          <Text style={styles.active} testID={`crate-${key}-active`}>
            ♪ {t('dj.crates.active')}
          </Text>
        ) : null}
      </View>
      <Text style={styles.chevron}>›</Text>
    </Pressable>
  );
}

/** A special crate's card: its count comes from the crate itself. */
function SpecialCard({ crateRef, active }: { crateRef: CrateRef; active: boolean }) {
  const { t } = useTranslation();
  const crate = useCrate(crateRef);
  const name = 'special' in crateRef ? t(`dj.crates.${crateRef.special}`) : '';
  return (
    <CrateCard
      crateRef={crateRef}
      name={name}
      count={crate.data?.crateSongsNumber}
      active={active}
    />
  );
}

/** The DJ's crates: the queue, the starred list and the crates they made; make a new one. */
export function CratesScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const signedIn = session.kind === 'user';
  const mine = useMyCrates(signedIn);
  const create = useCreateCrateMutation();
  const active = useActiveCrate();
  const [name, setName] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const crates = mine.data?.crates ?? [];

  const make = () =>
    create.mutateAsync(name.trim() || undefined).then(
      (made) => {
        setName('');
        setNote(t('dj.crates.created', { name: made.crateName }));
      },
      (err: unknown) => setNote(err instanceof ApiError ? err.displayText : t('errors.generic')),
    );

  if (!signedIn) {
    return (
      <View style={[styles.screen, styles.center]} testID="dj-crates">
        <Stack.Screen options={{ title: t('dj.crates.title') }} />
        <Text style={styles.muted}>{t('dj.seat.why.guest')}</Text>
      </View>
    );
  }

  return (
    <ScrollView style={styles.screen} contentContainerStyle={styles.content} testID="dj-crates">
      <Stack.Screen options={{ title: t('dj.crates.title') }} />
      <Pressable
        accessibilityRole="button"
        onPress={() => router.push('/dj/search')}
        style={[styles.button, styles.primary]}
        testID="crates-search"
      >
        <Text style={styles.buttonText}>⌕ {t('dj.crates.search')}</Text>
      </Pressable>
      <SpecialCard crateRef={{ special: 'queue' }} active={sameRef(active, { special: 'queue' })} />
      <SpecialCard crateRef={{ special: 'likes' }} active={sameRef(active, { special: 'likes' })} />
      <Text style={styles.heading}>{t('dj.crates.yours')}</Text>
      <View style={styles.create}>
        <TextInput
          value={name}
          onChangeText={setName}
          maxLength={100}
          placeholder={t('dj.crates.newPlaceholder')}
          placeholderTextColor={theme.muted}
          style={styles.input}
          testID="crate-new-name"
        />
        <Pressable
          accessibilityRole="button"
          disabled={create.isPending}
          onPress={() => void make()}
          style={[styles.button, styles.primary]}
          testID="crate-create"
        >
          <Text style={styles.buttonText}>+ {t('dj.crates.create')}</Text>
        </Pressable>
      </View>
      {note ? (
        <Text style={styles.note} testID="crates-note">
          {note}
        </Text>
      ) : null}
      {mine.error ? (
        <Text style={styles.muted}>
          {mine.error instanceof ApiError ? mine.error.displayText : t('errors.generic')}
        </Text>
      ) : null}
      {mine.data && crates.length === 0 ? (
        <Text style={styles.muted}>{t('dj.crates.none')}</Text>
      ) : null}
      {crates.map((c) => (
        <CrateCard
          key={c.crateUuid}
          crateRef={{ id: c.crateUuid }}
          name={c.crateName}
          count={c.crateSongsNumber}
          importing={c.importStatus === 'IN_PROGRESS'}
          active={sameRef(active, { id: c.crateUuid })}
        />
      ))}
    </ScrollView>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: theme.bg },
  center: { alignItems: 'center', justifyContent: 'center', padding: 24 },
  content: { padding: 16, gap: 10 },
  heading: {
    color: theme.muted,
    fontSize: 12,
    fontWeight: '700',
    textTransform: 'uppercase',
    marginTop: 8,
  },
  muted: { color: theme.muted },
  note: { color: theme.text },
  card: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 12,
    padding: 12,
    borderRadius: 16,
    backgroundColor: theme.surface,
    borderWidth: 1,
    borderColor: theme.border,
  },
  cardActive: { borderColor: theme.brand },
  disc: {
    width: 44,
    height: 44,
    borderRadius: 22,
    backgroundColor: theme.brand,
    alignItems: 'center',
    justifyContent: 'center',
  },
  discGlyph: { color: '#fff', fontSize: 18 },
  cardText: { flex: 1, minWidth: 0 },
  cardName: { color: theme.text, fontWeight: '700', fontSize: 16 },
  active: { color: theme.text, fontWeight: '700', fontSize: 12, marginTop: 2 },
  chevron: { color: theme.muted, fontSize: 26 },
  create: { gap: 8 },
  input: {
    minHeight: 48,
    borderRadius: 14,
    paddingHorizontal: 14,
    color: theme.text,
    backgroundColor: theme.surface,
    borderWidth: 1,
    borderColor: theme.border,
  },
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
  buttonText: { color: '#fff', fontWeight: '700' },
});
