import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Image, StyleSheet, Text, View } from 'react-native';
import { useRouter } from 'expo-router';
import { BRAND_TEXT } from '../../lib/config';
import { signOut, useMe, useSession } from '../../lib/session';
import { theme } from '../../ui/theme';
import { Avatar } from '../room/Avatar';
import { errorText } from '../auth/errors';
import { Button, Card, ErrorText, Muted, Screen, Title } from '../auth/ui';
import { AnnounceSwitch } from '../settings/AnnounceSwitch';
import { LanguageSwitch } from '../settings/LanguageSwitch';
import '../settings/i18n';
import { useMyPointsQuery } from './queries';
import './i18n';

/** The brand this build is (BRAND in src/lib/config.ts): its wordmark in its colour. */
function Wordmark() {
  return (
    <Text style={styles.wordmark} testID="brand-wordmark">
      {BRAND_TEXT.word}
      <Text style={{ color: theme.brand }}>{BRAND_TEXT.tag}</Text>
    </Text>
  );
}

/** Someone's avatar character (AVATAR-ART-1), else their picture, else their initial, as the web. */
export function ProfilePicture({
  uri,
  name,
  color,
  avatarId,
}: {
  uri: string;
  name: string;
  color: string;
  avatarId?: string;
}) {
  if (avatarId)
    return (
      <Avatar
        nickname={name}
        color={color || theme.brand}
        avatarId={avatarId}
        size={84}
        showName={false}
      />
    );
  if (uri) return <Image source={{ uri }} style={styles.picture} accessibilityLabel={name} />;
  return (
    <View style={[styles.picture, { backgroundColor: color || theme.brand }]}>
      <Text style={styles.initial}>{name.slice(0, 1).toUpperCase()}</Text>
    </View>
  );
}

/** SEC-SESSION-1: every phone, browser and app signed in to the account, this one too. */
function SignOutEverywhere() {
  const { t } = useTranslation();
  const [sure, setSure] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      await signOut({ everywhere: true });
    } catch (err) {
      setError(errorText(err, t('profile.signOutEverywhereFailed')));
      setBusy(false);
    }
  };
  if (!sure)
    return (
      <Button
        label={t('profile.signOutEverywhere')}
        kind="ghost"
        onPress={() => setSure(true)}
        testID="profile-sign-out-everywhere"
      />
    );
  return (
    <Card>
      <Muted>{t('profile.signOutEverywhereLead')}</Muted>
      {error ? <ErrorText>{error}</ErrorText> : null}
      <Button
        label={t('profile.signOutEverywhereConfirm')}
        kind="danger"
        busy={busy}
        onPress={() => void go()}
        testID="profile-sign-out-everywhere-confirm"
      />
      <Button label={t('profile.keepSessions')} kind="ghost" onPress={() => setSure(false)} />
    </Card>
  );
}

function Points() {
  const { t } = useTranslation();
  const { data } = useMyPointsQuery();
  if (!data) return null;
  const status = data.status;
  return (
    <Card>
      <View style={styles.stats}>
        <View style={styles.stat}>
          <Text style={styles.statValue} testID="profile-points">
            {status?.balance ?? 0}
          </Text>
          <Text style={styles.statLabel}>{t('profile.points')}</Text>
        </View>
        <View style={styles.stat}>
          <Text style={styles.statValue} testID="profile-rank">
            {status?.rank ? `#${status.rank}` : '—'}
          </Text>
          <Text style={styles.statLabel}>{t('profile.rank')}</Text>
        </View>
      </View>
      {!data.season ? (
        <Muted>{t('profile.noSeason')}</Muted>
      ) : !status?.rank ? (
        <Muted>{t('profile.noRank')}</Muted>
      ) : null}
    </Card>
  );
}

function SignedOut({ guest }: { guest: boolean }) {
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <Card>
      <Title>{t('profile.signedOutTitle')}</Title>
      <Muted>{t('profile.signedOutLead')}</Muted>
      {guest ? <Muted>{t('profile.guestNote')}</Muted> : null}
      <Button
        label={t('profile.signIn')}
        onPress={() => router.push('/sign-in')}
        testID="profile-sign-in"
      />
      <Button label={t('profile.signUp')} kind="ghost" onPress={() => router.push('/sign-up')} />
    </Card>
  );
}

/** The profile tab: me (picture, names, points and rank), my settings, language, sign out. */
export function ProfileScreen() {
  const { t } = useTranslation();
  const router = useRouter();
  const session = useSession();
  const me = useMe();

  let body;
  if (session.kind !== 'user') body = <SignedOut guest={session.kind === 'guest'} />;
  else if (me.isError)
    body = (
      <Card>
        <ErrorText>{t('profile.loadError')}</ErrorText>
        <Button label={t('profile.retry')} kind="ghost" onPress={() => void me.refetch()} />
      </Card>
    );
  else if (!me.data) body = <Muted>{t('profile.loading')}</Muted>;
  else {
    const p = me.data;
    const fullName = [p.firstName, p.lastName].filter(Boolean).join(' ');
    body = (
      <>
        <Card>
          <View style={styles.head}>
            <ProfilePicture
              uri={p.profilePicture}
              name={p.nickname}
              color={p.color}
              avatarId={p.avatarId}
            />
            <View style={{ flex: 1, gap: 4 }}>
              <Text style={styles.nickname} testID="profile-nickname">
                {p.nickname}
              </Text>
              {fullName ? <Muted>{fullName}</Muted> : null}
              {p.displayPronouns && p.pronoun ? <Muted>{p.pronoun}</Muted> : null}
            </View>
          </View>
          {p.songOfTheWeek ? <Muted>♪ {p.songOfTheWeek}</Muted> : null}
        </Card>
        <Points />
        <Button
          label={t('profile.edit')}
          kind="ghost"
          onPress={() => router.push('/profile/edit')}
          testID="profile-edit"
        />
        <Button
          label={t('profile.avatar')}
          kind="ghost"
          onPress={() => router.push('/profile/avatar')}
          testID="profile-avatar"
        />
      </>
    );
  }

  return (
    <Screen testID="profile-screen">
      <Wordmark />
      {body}
      <Button
        label={t('profile.leaderboard')}
        kind="ghost"
        onPress={() => router.push('/profile/leaderboard')}
        testID="profile-leaderboard"
      />
      <Card>
        <Text style={styles.section}>{t('settings.language')}</Text>
        <LanguageSwitch />
        <AnnounceSwitch />
      </Card>
      {session.kind === 'user' ? (
        <>
          <Button
            label={t('profile.signOut')}
            kind="danger"
            onPress={() => void signOut()}
            testID="profile-sign-out"
          />
          <SignOutEverywhere />
        </>
      ) : null}
    </Screen>
  );
}

const styles = StyleSheet.create({
  wordmark: { color: theme.text, fontSize: 22, fontWeight: '800', textAlign: 'center' },
  head: { flexDirection: 'row', alignItems: 'center', gap: 16 },
  picture: {
    width: 84,
    height: 84,
    borderRadius: 42,
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
  },
  initial: { color: '#fff', fontSize: 34, fontWeight: '800' },
  nickname: { color: theme.text, fontSize: 24, fontWeight: '800' },
  stats: { flexDirection: 'row', gap: 12 },
  stat: { flex: 1, alignItems: 'center', gap: 2 },
  statValue: { color: theme.text, fontSize: 30, fontWeight: '800' },
  statLabel: { color: theme.muted, fontSize: 14, textAlign: 'center' },
  section: { color: theme.text, fontSize: 16, fontWeight: '700' },
});
