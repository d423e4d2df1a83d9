import { Stack, useLocalSearchParams } from 'expo-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ActivityIndicator,
  FlatList,
  Pressable,
  ScrollView,
  StyleSheet,
  Text,
  TextInput,
  View,
} from 'react-native';
import type { MinimalSongDto, SearchSource } from '@tt/protocol';
import { flattenPages, toQueuedSong } from '@tt/rules';
import { ApiError } from '../../lib/api';
import { theme } from '../../ui/theme';
import { refFromParam, type CrateRef } from './active-crate';
import { AddToCrateSheet } from './AddToCrateSheet';
import './i18n';
import {
  addErrorText,
  useAddSongMutation,
  useCrate,
  useSearchSources,
  useSongSearch,
} from './queries';
import { RowButton, SongRow } from './SongRow';

/** Search waits this long after the last key (as the web's search box). */
const DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return settled;
}

/**
 * Song search over the catalogue and the connected services, one tab a source, 20 songs a page.
 * "Add" asks which crate (queue, starred, yours, a new one); opened from a crate (`?crate=`) it
 * adds there at once.
 */
export function SearchScreen() {
  const { t } = useTranslation();
  const params = useLocalSearchParams<{ crate?: string }>();
  const target: CrateRef | null = params.crate ? refFromParam(String(params.crate)) : null;
  const targetCrate = useCrate(target ?? { special: 'queue' }, target !== null);
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<SearchSource | null>(null);
  const [picking, setPicking] = useState<MinimalSongDto | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const term = useDebounced(text.trim(), DEBOUNCE_MS);
  const sources = useSearchSources();
  const list = sources.data?.sources ?? [];
  const source = chosen && list.includes(chosen) ? chosen : (list[0] ?? null);
  const q = useSongSearch(term, source, sources.data?.searchV2 ?? false);
  const results = term && q.data ? flattenPages(q.data.pages) : [];
  const add = useAddSongMutation();
  const targetName = target
    ? 'special' in target
      ? t(`dj.crates.${target.special}`)
      : (targetCrate.data?.crateName ?? '…')
    : null;

  const onAdd = async (song: MinimalSongDto) => {
    if (!target) {
      setPicking(song);
      return;
    }
    try {
      const res = await add.mutateAsync({ ref: target, song });
      const name = targetName ?? '';
      setNote(
        res.added.length === 0
          ? t('dj.pick.already', { title: song.trackName, name })
          : t('dj.pick.added', { title: song.trackName, name }),
      );
    } catch (err) {
      setNote(addErrorText(err, t));
    }
  };

  const errorOf = (err: unknown) =>
    err instanceof ApiError ? err.displayText : t('errors.generic');

  return (
    <View style={styles.screen} testID="dj-search">
      <Stack.Screen options={{ title: t('dj.search.title') }} />
      <View style={styles.top}>
        <TextInput
          value={text}
          onChangeText={setText}
          placeholder={t('dj.search.placeholder')}
          placeholderTextColor={theme.muted}
          autoCorrect={false}
          autoCapitalize="none"
          returnKeyType="search"
          accessibilityLabel={t('dj.search.title')}
          style={styles.input}
          testID="song-search-input"
        />
        {list.length > 1 ? (
          <ScrollView horizontal showsHorizontalScrollIndicator={false}>
            <View style={styles.tabs} accessibilityRole="tablist">
              {list.map((s) => (
                <Pressable
                  key={s}
                  accessibilityRole="tab"
                  accessibilityState={{ selected: s === source }}
                  onPress={() => setChosen(s)}
                  style={[styles.tab, s === source && styles.tabOn]}
                  testID={`search-tab-${s}`}
                >
                  <Text style={styles.tabText}>{t(`dj.search.sources.${s}`)}</Text>
                </Pressable>
              ))}
            </View>
          </ScrollView>
        ) : null}
        {targetName ? (
          <Text style={styles.muted}>{t('dj.search.addTo', { name: targetName })}</Text>
        ) : null}
        {note ? (
          <Text style={styles.note} testID="search-note">
            {note}
          </Text>
        ) : null}
      </View>
      {sources.error ? <Text style={styles.empty}>{errorOf(sources.error)}</Text> : null}
      {!term ? <Text style={styles.empty}>{t('dj.search.prompt')}</Text> : null}
      {term && q.error ? <Text style={styles.empty}>{errorOf(q.error)}</Text> : null}
      {term && q.isFetching && !q.data ? <ActivityIndicator color={theme.brand} /> : null}
      {term && q.data && results.length === 0 ? (
        <Text style={styles.empty}>{t('dj.search.none', { term })}</Text>
      ) : null}
      {results.length > 0 ? (
        <FlatList
          data={results}
          keyExtractor={(r) => r.key}
          contentContainerStyle={styles.results}
          keyboardShouldPersistTaps="handled"
          testID="search-results"
          renderItem={({ item }) => (
            <SongRow song={item.song} testID="search-result">
              <RowButton
                glyph={`+ ${t('dj.search.add')}`}
                label={`${t('dj.search.add')}: ${item.song.trackName}`}
                primary
                disabled={add.isPending}
                onPress={() => void onAdd(toQueuedSong(item.song))}
                testID={`search-add-${item.key}`}
              />
            </SongRow>
          )}
          ListFooterComponent={
            q.hasNextPage ? (
              <Pressable
                accessibilityRole="button"
                disabled={q.isFetchingNextPage}
                onPress={() => void q.fetchNextPage()}
                style={styles.more}
                testID="search-load-more"
              >
                <Text style={styles.moreText}>{t('dj.search.loadMore')}</Text>
              </Pressable>
            ) : null
          }
        />
      ) : null}
      {picking ? (
        <AddToCrateSheet
          song={picking}
          onClose={() => setPicking(null)}
          onDone={(n) => {
            setPicking(null);
            setNote(n);
          }}
        />
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: theme.bg },
  top: { padding: 16, paddingBottom: 8, gap: 10 },
  input: {
    minHeight: 48,
    borderRadius: 14,
    paddingHorizontal: 14,
    color: theme.text,
    backgroundColor: theme.surface,
    borderWidth: 1,
    borderColor: theme.border,
    fontSize: 16,
  },
  tabs: { flexDirection: 'row', gap: 6 },
  tab: {
    minHeight: 36,
    paddingHorizontal: 14,
    borderRadius: 999,
    borderWidth: 1,
    borderColor: theme.border,
    justifyContent: 'center',
  },
  tabOn: { backgroundColor: theme.brand, borderColor: theme.brand },
  tabText: { color: theme.text, fontWeight: '600' },
  muted: { color: theme.muted },
  note: { color: theme.text, fontWeight: '600' },
  empty: { color: theme.muted, textAlign: 'center', padding: 24 },
  results: { paddingHorizontal: 16, paddingBottom: 24, gap: 8 },
  more: { minHeight: 48, alignItems: 'center', justifyContent: 'center' },
  moreText: { color: theme.brand, fontWeight: '700' },
});
