import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import { useSession } from '../../lib/session';
import { theme } from '../../ui/theme';
import { errorText } from '../auth/errors';
import { Button, Card, ErrorText, Muted, Screen, Title, useTitle } from '../auth/ui';
import { useBoardQuery } from './queries';
import './i18n';

/** The points boards: the season running and all time, 25 rows a page; my row stands out. */
export function LeaderboardScreen() {
  const { t } = useTranslation();
  useTitle(t('profile.leaderboard'));
  const session = useSession();
  const myUuid = session.kind === 'user' ? session.uuid : null;
  const [which, setWhich] = useState<'current' | 'all'>('current');
  const board = useBoardQuery(which);
  const rows = board.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Screen testID="leaderboard-screen">
      <Title>{t('profile.leaderboard')}</Title>
      <View style={styles.tabs}>
        {(['current', 'all'] as const).map((w) => (
          <Pressable
            key={w}
            accessibilityRole="tab"
            accessibilityState={{ selected: which === w }}
            onPress={() => setWhich(w)}
            style={[styles.tab, which === w && { backgroundColor: theme.brand }]}
            testID={`board-${w}`}
          >
            <Text style={styles.tabText}>
              {t(w === 'current' ? 'profile.boardCurrent' : 'profile.boardAll')}
            </Text>
          </Pressable>
        ))}
      </View>
      <ErrorText>{board.error ? errorText(board.error, t('profile.generic')) : null}</ErrorText>
      {board.isPending ? <Muted>{t('profile.loading')}</Muted> : null}
      {board.isSuccess && rows.length === 0 ? <Muted>{t('profile.boardEmpty')}</Muted> : null}
      {rows.length > 0 ? (
        <Card>
          {rows.map((r) => (
            <View
              key={r.userUuid}
              style={[styles.row, r.userUuid === myUuid && { backgroundColor: theme.bg }]}
              testID={`board-row-${r.rank}`}
            >
              <Text style={styles.rank}>#{r.rank}</Text>
              <View style={[styles.dot, { backgroundColor: r.color || theme.brand }]} />
              <Text style={styles.nick} numberOfLines={1}>
                {r.nickname}
              </Text>
              <Text style={styles.pts}>{t('profile.pts', { count: r.balance })}</Text>
            </View>
          ))}
        </Card>
      ) : null}
      {board.hasNextPage ? (
        <Button
          label={t('profile.more')}
          kind="ghost"
          busy={board.isFetchingNextPage}
          onPress={() => void board.fetchNextPage()}
        />
      ) : null}
    </Screen>
  );
}

const styles = StyleSheet.create({
  tabs: {
    flexDirection: 'row',
    backgroundColor: theme.surface,
    borderRadius: 14,
    padding: 4,
    gap: 4,
  },
  tab: { flex: 1, minHeight: 44, borderRadius: 10, alignItems: 'center', justifyContent: 'center' },
  tabText: { color: theme.text, fontWeight: '700', fontSize: 15 },
  row: {
    flexDirection: 'row',
    alignItems: 'center',
    gap: 10,
    minHeight: 44,
    borderRadius: 10,
    paddingHorizontal: 6,
  },
  rank: { color: theme.muted, width: 44, fontWeight: '700' },
  dot: { width: 12, height: 12, borderRadius: 6 },
  nick: { color: theme.text, flex: 1, fontSize: 15 },
  pts: { color: theme.text, fontWeight: '700' },
});
