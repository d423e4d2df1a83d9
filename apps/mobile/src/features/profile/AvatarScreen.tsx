import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Pressable, StyleSheet, Text, View } from 'react-native';
import type { MyAvatarDto } from '@tt/protocol';
import { useMe } from '../../lib/session';
import { theme } from '../../ui/theme';
import { errorText } from '../auth/errors';
import { ErrorText, Muted, Screen, Title, useTitle } from '../auth/ui';
import { Figure } from '../avatars/Figure';
import { useMyAvatarsQuery, useUpdateProfileMutation } from './queries';
import './i18n';

const GROUPS = ['PUBLIC', 'SUBSCRIBER_ONLY', 'SEASON_AWARD', 'PRIVATE'] as const;

/** Why a locked avatar is locked and what unlocks it (AVATAR-WEAR-2): Pro, a season award, Discord. */
function lockText(a: MyAvatarDto, t: TFunction): string | null {
  if (!a.lock) return null;
  if (a.lock === 'SEASON_RANK' && a.awardTopRank)
    return t('profile.lock.SEASON_RANK', { rank: a.awardTopRank });
  if (a.lock === 'SEASON_RANK') return t('profile.lock.ASSIGNED_ONLY');
  return t(`profile.lock.${a.lock}`);
}

/**
 * The avatar picker: every character I may see, the locked ones dimmed with what unlocks them; a
 * tap wears it at once. Discord-only avatars are offered inside the Discord activity only
 * (AVATAR-DISCORD-1), so never here.
 */
export function AvatarScreen() {
  const { t } = useTranslation();
  useTitle(t('profile.avatar'));
  const { data: me } = useMe();
  const avatars = useMyAvatarsQuery();
  const wear = useUpdateProfileMutation();
  const wearing = me?.avatarId;
  const offered = (avatars.data ?? []).filter((a) => !a.discordOnly);

  return (
    <Screen testID="avatar-screen">
      <Title>{t('profile.avatar')}</Title>
      {avatars.isPending ? <Muted>{t('profile.loading')}</Muted> : null}
      <ErrorText>
        {avatars.error || wear.error
          ? errorText(avatars.error ?? wear.error, t('profile.generic'))
          : null}
      </ErrorText>
      {GROUPS.map((group) => {
        const list = offered.filter((a) => a.visibility === group);
        if (list.length === 0) return null;
        return (
          <View key={group} style={{ gap: 10 }}>
            <Text style={styles.group}>{t(`profile.groups.${group}`)}</Text>
            <View style={styles.grid}>
              {list.map((a) => {
                const lock = lockText(a, t);
                const worn = wearing === a.slug;
                return (
                  <Pressable
                    key={a.slug}
                    accessibilityRole="button"
                    accessibilityState={{ disabled: a.lock !== null, selected: worn }}
                    accessibilityHint={lock ?? undefined}
                    onPress={() => {
                      if (!a.lock && !worn) wear.mutate({ avatarId: a.slug });
                    }}
                    style={[
                      styles.cell,
                      worn && { borderColor: theme.brand },
                      a.lock && { opacity: 0.55 },
                    ]}
                    testID={`avatar-choice-${a.slug}`}
                  >
                    {a.visibility === 'SUBSCRIBER_ONLY' ? (
                      <Text style={styles.tag}>{t('profile.tag.pro')}</Text>
                    ) : a.visibility === 'SEASON_AWARD' ? (
                      <Text style={styles.tag}>{t('profile.tag.award')}</Text>
                    ) : null}
                    <View style={styles.figure}>
                      <Figure art={a.art} size={96} dancing={worn} />
                    </View>
                    <Text style={styles.name}>{a.name}</Text>
                    {worn ? <Text style={styles.worn}>{t('profile.wearing')}</Text> : null}
                    {lock ? (
                      <Text style={styles.lock} testID={`avatar-lock-${a.slug}`}>
                        🔒 {lock}
                      </Text>
                    ) : null}
                  </Pressable>
                );
              })}
            </View>
          </View>
        );
      })}
    </Screen>
  );
}

const styles = StyleSheet.create({
  group: { color: theme.text, fontSize: 17, fontWeight: '700' },
  grid: { flexDirection: 'row', flexWrap: 'wrap', gap: 10 },
  cell: {
    width: '47%',
    minHeight: 96,
    padding: 12,
    gap: 6,
    borderRadius: 16,
    borderWidth: 2,
    borderColor: theme.border,
    backgroundColor: theme.surface,
  },
  tag: { alignSelf: 'flex-start', color: theme.brand, fontSize: 11, fontWeight: '800' },
  figure: { alignItems: 'center' },
  name: { color: theme.text, fontSize: 15, fontWeight: '700' },
  worn: { color: theme.brand, fontSize: 13, fontWeight: '700' },
  lock: { color: theme.muted, fontSize: 12 },
});
