import { useEffect, useState } from 'react';
import { router, Stack } from 'expo-router';
import { useTranslation } from 'react-i18next';
import { ActivityIndicator, Pressable, ScrollView, StyleSheet, Text, View } from 'react-native';
import type { ClientRoomState } from '@tt/protocol';
import { ApiError } from '../../lib/api';
import { theme } from '../../ui/theme';
import '../chat/i18n';
import { RoomChat } from '../chat/RoomChat';
import { useChatEvents } from '../chat/socket';
import RoomPlayer from '../player/RoomPlayer';
import './i18n';
import { LastSets } from './LastSets';
import { LiveAudioStrip } from './LiveAudioStrip';
import { NowPlaying } from './NowPlaying';
import { PasswordPrompt } from './PasswordPrompt';
import { PeopleList } from './PeopleList';
import { ruleRefusalText, RoomRulesCard } from './RoomRules';
import { AnnounceSwitch } from '../settings/AnnounceSwitch';
import { useAnnouncements } from './useAnnouncements';
import { checkSession, sessionEndedBy, useSession } from '../../lib/session';
import { bannedUntil, banText } from '../auth/errors';
import { useRoom } from './queries';
import { roomSession, roomStore, useRoomStore } from './session';
import { Stage } from './Stage';
import { useEnterRoom } from './useEnterRoom';
import { VotePanel } from './VotePanel';

function Centered({ children, testID }: { children: React.ReactNode; testID?: string }) {
  return (
    <View style={styles.center} testID={testID}>
      {children}
    </View>
  );
}

type Section = 'room' | 'chat' | 'people';
const SECTIONS: readonly Section[] = ['room', 'chat', 'people'];

/** Messages of the room's chat that arrived while another section was shown. */
function useUnreadChat(guid: string | undefined, me: string | null, section: Section): number {
  const [unread, setUnread] = useState(0);
  const [seen, setSeen] = useState(section);
  if (seen !== section) {
    setSeen(section);
    if (section === 'chat') setUnread(0);
  }
  useChatEvents((e) => {
    if (section === 'chat' || !guid || e.type !== 'message') return;
    const m = e.message;
    if (m.receiverType === 'group' && m.receiver.toLowerCase() === guid.toLowerCase()) {
      if (m.sender !== me) setUnread((n) => n + 1);
    }
  });
  return unread;
}

/**
 * A room rule's notice from the socket (ROOM_RULE_AFK_REMOVED: taken off the stage) in the app's
 * language, until tapped away.
 */
function useRuleNotice(meOnStage: boolean): { text: string; dismiss: () => void } | null {
  const { t } = useTranslation();
  const error = useRoomStore((s) => s.error);
  const code = useRoomStore((s) => s.errorCode);
  // ROOM-RULES-7: the warning to a DJ away too long (the room client drops it once they act), then
  // why they were taken off the stage.
  const afk = useRoomStore((s) => s.afk ?? null);
  const [dismissed, setDismissed] = useState<unknown>(null);
  if (afk && afk !== dismissed && (afk.kind === 'removed' || meOnStage)) {
    const text =
      afk.kind === 'warning' ? t('roomRules.afkWarning') : ruleRefusalText('ROOM_RULE_AFK_REMOVED');
    return { text: text ?? afk.kind, dismiss: () => setDismissed(afk) };
  }
  const text = ruleRefusalText(code);
  const key = `${code}:${error}`;
  if (!text || dismissed === key) return null;
  return { text, dismiss: () => setDismissed(key) };
}

/**
 * The live room on a phone: the player bar on top, then Room (now playing, votes, stage and floor),
 * Chat (kept mounted, so new messages count on its tab) and People.
 */
function LiveRoom({
  state,
  offset,
  me,
  reconnecting,
}: {
  state: ClientRoomState;
  offset: number;
  me: { uuid: string | null; isGuest: boolean };
  reconnecting: boolean;
}) {
  const { t } = useTranslation();
  const [section, setSection] = useState<Section>('room');
  const unread = useUnreadChat(state.settings.uuid, me.uuid, section);
  const [since] = useState(() => new Date().toISOString()); // SET-5: what I heard starts here
  useAnnouncements(state, me.uuid);
  const ruleNotice = useRuleNotice(state.djs.some((d) => d.uuid === me.uuid));
  return (
    <View style={styles.live} testID="room-live">
      <View style={styles.top}>
        {reconnecting ? <Text style={styles.muted}>{t('room.reconnecting')}</Text> : null}
        {ruleNotice ? (
          <Pressable
            onPress={ruleNotice.dismiss}
            accessibilityRole="alert"
            accessibilityHint={t('room.dismiss')}
            testID="room-rule-notice"
          >
            <Text style={styles.error}>{ruleNotice.text}</Text>
          </Pressable>
        ) : null}
        <RoomPlayer
          store={roomStore}
          voiceRoom={state.settings.liveAudio ? state.settings.uuid : null}
        />
        {state.settings.liveAudio ? <LiveAudioStrip state={state} /> : null}
        <View style={styles.segments} accessibilityRole="tablist">
          {SECTIONS.map((s) => (
            <Pressable
              key={s}
              testID={`room-tab-${s}`}
              accessibilityRole="tab"
              accessibilityState={{ selected: section === s }}
              onPress={() => setSection(s)}
              style={[styles.segment, section === s && styles.segmentOn]}
            >
              <Text style={[styles.segmentText, section === s && styles.segmentTextOn]}>
                {t(`chat.tabs.${s}`)}
              </Text>
              {s === 'chat' && unread > 0 ? (
                <Text
                  style={styles.unread}
                  accessibilityLabel={t('chat.tabs.unread', { count: unread })}
                  testID="room-tab-chat-unread"
                >
                  {unread > 99 ? '99+' : unread}
                </Text>
              ) : null}
            </Pressable>
          ))}
        </View>
      </View>
      {section === 'room' ? (
        <ScrollView contentContainerStyle={styles.content}>
          <NowPlaying nowPlaying={state.nowPlaying} offset={offset} />
          <VotePanel state={state} me={me} />
          <Stage state={state} />
          <RoomRulesCard rules={state.settings.rules} />
          <LastSets state={state} me={me} since={since} />
          <AnnounceSwitch />
        </ScrollView>
      ) : null}
      <View style={[styles.fill, section !== 'chat' && styles.hidden]}>
        <RoomChat state={state} />
      </View>
      {section === 'people' ? (
        <ScrollView contentContainerStyle={styles.content}>
          <PeopleList state={state} me={me} />
        </ScrollView>
      ) : null}
    </View>
  );
}

/** A room: who is on stage and on the floor, the song and its progress, votes and the vibe. */
export function RoomScreen({ slug }: { slug: string }) {
  const { t } = useTranslation();
  const room = useRoom(slug);
  const session = useSession();
  const token = session.kind === 'signedOut' ? null : session.token;
  const gate = useEnterRoom(room.data, token);
  const status = useRoomStore((s) => s.status);
  const state = useRoomStore((s) => s.state);
  const offset = useRoomStore((s) => s.serverTimeOffset);
  const socketError = useRoomStore((s) => s.error);
  const socketCode = useRoomStore((s) => s.errorCode);
  // SEC-SESSION-3: removed from the room, or the socket closed for good (the ban's end of the
  // chat may close it first, or come while it rejoins), the session is asked at once; a ban is
  // told here.
  const [ban, setBan] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    if (status !== 'kicked' && status !== 'closed') return;
    void checkSession().then(() => {
      const until = bannedUntil(sessionEndedBy());
      if (until !== undefined) setBan(until);
    });
  }, [status]);
  const me = {
    uuid: session.kind === 'signedOut' ? null : session.uuid,
    isGuest: session.kind !== 'user',
  };
  const title = room.data?.name ?? t('room.title');

  const leave = () => {
    roomSession.leaveRoom();
    if (router.canGoBack()) router.back();
    else router.replace('/');
  };

  let body: React.ReactNode;
  if (room.error) {
    const missing = room.error instanceof ApiError && room.error.status === 404;
    body = (
      <Centered testID="room-missing">
        <Text style={styles.error}>
          {missing
            ? t('room.notFound')
            : room.error instanceof ApiError
              ? room.error.displayText
              : t('errors.generic')}
        </Text>
      </Centered>
    );
  } else if (gate.kind === 'password') {
    // Before 'failed': the socket's refusal of a missing password also fails the join.
    body = <PasswordPrompt roomName={title} gate={gate} onBack={leave} />;
  } else if (
    gate.kind === 'error' ||
    status === 'failed' ||
    status === 'kicked' ||
    status === 'closed'
  ) {
    body = (
      <Centered testID="room-failed">
        <Text style={styles.heading}>
          {status === 'kicked'
            ? t('room.kicked')
            : status === 'closed'
              ? t('room.closed')
              : t('room.failed')}
        </Text>
        <Text style={styles.error}>
          {gate.kind === 'error' ? gate.message : (ruleRefusalText(socketCode) ?? socketError)}
        </Text>
      </Centered>
    );
  } else if (!state || gate.kind === 'joining') {
    body = (
      <Centered testID="room-joining">
        <ActivityIndicator color={theme.brand} />
        <Text style={styles.muted}>{t('room.joining')}</Text>
      </Centered>
    );
  } else {
    body = (
      <LiveRoom
        state={state}
        offset={offset}
        me={me}
        reconnecting={status === 'reconnecting' || status === 'rejoining'}
      />
    );
  }

  return (
    <View style={styles.screen} testID="room-screen">
      <Stack.Screen
        options={{
          title,
          headerRight: () => (
            <Pressable
              onPress={leave}
              accessibilityRole="button"
              testID="room-leave"
              style={styles.leave}
            >
              <Text style={styles.leaveText}>{t('room.leave')}</Text>
            </Pressable>
          ),
        }}
      />
      {ban !== undefined ? (
        <Text style={[styles.error, styles.banned]} accessibilityRole="alert" testID="room-banned">
          {`${t('auth.signedOutBanned')} ${banText(ban)}`}
        </Text>
      ) : null}
      {body}
    </View>
  );
}

const styles = StyleSheet.create({
  screen: { flex: 1, backgroundColor: theme.bg },
  banned: { paddingHorizontal: 16, paddingVertical: 10 },
  content: { padding: 16, gap: 16 },
  live: { flex: 1 },
  top: { paddingHorizontal: 16, paddingTop: 12, paddingBottom: 8, gap: 10 },
  fill: { flex: 1 },
  hidden: { display: 'none' },
  segments: {
    flexDirection: 'row',
    padding: 4,
    gap: 4,
    borderRadius: 999,
    backgroundColor: theme.surface,
    borderWidth: 1,
    borderColor: theme.border,
  },
  segment: {
    flex: 1,
    minHeight: 40,
    borderRadius: 999,
    flexDirection: 'row',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 6,
  },
  segmentOn: { backgroundColor: theme.brand },
  segmentText: { color: theme.muted, fontWeight: '700' },
  segmentTextOn: { color: '#fff' },
  unread: {
    minWidth: 20,
    lineHeight: 20,
    paddingHorizontal: 6,
    borderRadius: 10,
    overflow: 'hidden',
    textAlign: 'center',
    color: '#fff',
    fontSize: 12,
    fontWeight: '800',
    backgroundColor: theme.danger,
  },
  center: { flex: 1, alignItems: 'center', justifyContent: 'center', gap: 12, padding: 24 },
  heading: { color: theme.text, fontSize: 18, fontWeight: '700', textAlign: 'center' },
  muted: { color: theme.muted, textAlign: 'center' },
  error: { color: theme.danger, textAlign: 'center' },
  leave: { paddingHorizontal: 14, paddingVertical: 8 },
  leaveText: { color: theme.brand, fontWeight: '700' },
});
