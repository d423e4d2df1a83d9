import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClientRoomState } from '@tt/protocol';
import { whyNot } from '../../entities/session/access';
import { nicknameOf, pictureOf } from '../../entities/room/model';
import type { Me } from '../../entities/room/hooks';
import { ChatConversation } from './ChatConversation';
import type { MentionCandidate } from './Composer';
import type { ChatItem } from './model';
import { useJoinChatMutation } from './queries';

const MAX_SYSTEM_LINES = 40;

function systemLine(text: string, at: number, uuid: string): ChatItem {
  return {
    uuid,
    id: uuid,
    sender: '',
    userName: '',
    text,
    imageUrls: [],
    songs: [],
    mentions: [],
    reactions: {},
    type: 'room',
    sentAtMs: at,
    edited: false,
    deleted: false,
    send: 'sent',
    attempts: 0,
  };
}

/**
 * System lines for what happens in the room while you are in it: people joining, DJs stepping up
 * and down, the song changing. They are local: derived from the room state, never sent.
 */
function useSystemLines(state: ClientRoomState): ChatItem[] {
  const { t } = useTranslation();
  const [lines, setLines] = useState<ChatItem[]>([]);
  const prev = useRef<ClientRoomState | null>(null);
  useEffect(() => {
    const before = prev.current;
    prev.current = state;
    if (!before) return;
    const now = Date.now();
    const name = (uuid: string) =>
      nicknameOf(state.allUserData[uuid] ?? before.allUserData[uuid], t('room.someone'));
    const add: ChatItem[] = [];
    const had = new Set(before.allUsers.map((u) => u.uuid));
    for (const u of state.allUsers) {
      if (!had.has(u.uuid))
        add.push(
          systemLine(t('chat.sys.joined', { name: name(u.uuid) }), now, `sys-j-${u.uuid}-${now}`),
        );
    }
    const djsBefore = new Set(before.djs.map((d) => d.uuid));
    const djsNow = new Set(state.djs.map((d) => d.uuid));
    for (const d of djsNow) {
      if (!djsBefore.has(d))
        add.push(systemLine(t('chat.sys.djUp', { name: name(d) }), now, `sys-u-${d}-${now}`));
    }
    for (const d of djsBefore) {
      if (!djsNow.has(d))
        add.push(systemLine(t('chat.sys.djDown', { name: name(d) }), now, `sys-d-${d}-${now}`));
    }
    const song = state.nowPlaying?.song;
    if (
      song &&
      song !== before.nowPlaying?.song &&
      state.nowPlaying?.startTime !== before.nowPlaying?.startTime
    ) {
      add.push(
        systemLine(
          t('chat.sys.nowPlaying', { track: song.trackName, artist: song.artistName }),
          now,
          `sys-s-${state.nowPlaying?.startTime}`,
        ),
      );
    }
    if (add.length) setLines((l) => [...l, ...add].slice(-MAX_SYSTEM_LINES));
  }, [state, t]);
  return lines;
}

/** The room's chat beside the stage (below it on a phone). */
export function RoomChat({ state, me, isMod }: { state: ClientRoomState; me: Me; isMod: boolean }) {
  const { t } = useTranslation();
  const room = state.settings;
  const join = useJoinChatMutation();
  const lines = useSystemLines(state);
  const guid = room.uuid;

  useEffect(() => {
    if (!me.isGuest && me.uuid && room.hasChat) join.mutate(guid);
    // Join once per room and user (joining again changes nothing: CHAT-JOIN-1).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [guid, me.uuid, me.isGuest, room.hasChat]);

  const people: MentionCandidate[] = useMemo(
    () =>
      state.allUsers.map((u) => {
        const data = state.allUserData[u.uuid];
        return {
          uuid: u.uuid,
          nickname: nicknameOf(data, t('room.someone')),
          picture: pictureOf(data),
          color: data?.userProfile.color,
          avatarId: data?.userProfile.avatarId,
        };
      }),
    [state.allUsers, state.allUserData, t],
  );

  const muted = whyNot(me, 'room.chat', { room }) === 'room:chatDisabled';

  if (!room.hasChat) return null;
  const readOnly = me.isGuest ? (
    <p>
      <Link to="/login">{t('chat.signInToChat')}</Link>
    </p>
  ) : muted ? (
    <p data-testid="chat-muted">{t('chat.muted')}</p>
  ) : undefined;

  return (
    <ChatConversation
      target={{ kind: 'group', guid }}
      title={t('chat.title')}
      className="room-chat"
      people={people}
      isModerator={isMod}
      readOnly={readOnly}
      extraItems={lines}
    />
  );
}
