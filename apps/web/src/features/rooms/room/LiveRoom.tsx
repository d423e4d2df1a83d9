import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ClientRoomState, RoomDto } from '@tt/protocol';
import type { RoomStatus } from '@tt/room-client';
import { leaveRoom } from '../../../lib/socket/session';
import { useRoomStore } from '../../../lib/socket/store';
import { designVars } from '../../../entities/room/designs';
import { mayI } from '../../../entities/session/access';
import { RoomChat } from '../../chat/RoomChat';
import { DriftOverlay } from '../../player/DriftOverlay';
import { GuestPreviewPrompt } from '../../player/GuestPreviewPrompt';
import { usePlayer } from '../../player/usePlayer';
import { usePointsToast } from '../../points/usePointsToast';
import { PeopleIcon } from '../../../entities/room/RoomCard';
import { DjPanel } from './DjPanel';
import { LiveAudioPanel } from '../live-audio/LiveAudioPanel';
import { MessageRegularsButton } from './MessageRegulars';
import { useMe, useRoomToast } from '../../../entities/room/hooks';
import { NowPlaying } from './NowPlaying';
import { PeopleList } from './PeopleList';
import { Reactions } from './Reactions';
import { RoomAnnouncer } from './RoomAnnouncer';
import { RecentSongs } from './RecentSongs';
import { LastSets } from '../sets/LastSets';
import { PinnedBar, RoomLinks } from './RoomInfo';
import { RoomRulesBar } from './RoomRules';
import { AfkBanner } from './AfkBanner';
import { RoomEventBanner } from '../../events/RoomEventBanner';
import { Stage } from './Stage';
import { UserSheet } from './UserSheet';
import { VotePanel } from './VotePanel';

/** The live room: the stage, what plays and the votes, the DJ controls, the people. */
export function LiveRoom({ room }: { room: RoomDto }) {
  const { t } = useTranslation();
  const state = useRoomStore((s) => s.state);
  const status = useRoomStore((s) => s.status);
  const me = useMe();
  const [sheetUser, setSheetUser] = useState<string | null>(null);
  usePlayer();
  const playingDj = state?.nowPlaying ? (state.djs[0]?.uuid ?? null) : null;
  usePointsToast(playingDj, state?.nowPlaying?.startTime ?? null, me.uuid);

  if (!state) {
    return <Waiting room={room} status={status} />;
  }
  const settings = state.settings;
  const isMod = mayI(me, 'room.kick', { room: settings });
  const isManager = mayI(me, 'room.settings.edit', { room: settings });
  const mayNotify = mayI(me, 'room.notify', { room: settings });

  return (
    <div className="room-page" style={designVars(settings.design)} data-testid="room-page">
      <TopBar state={state} status={status} isManager={isManager} mayNotify={mayNotify} />
      <RoomEventBanner roomUuid={settings.uuid} />
      <PinnedBar room={settings} />
      <RoomRulesBar rules={settings.rules} />
      <AfkBanner state={state} me={me} />
      <div className="room-layout">
        <div className="room-main">
          <Stage state={state} me={me} onUser={setSheetUser} />
          <GuestPreviewPrompt />
          <div className="room-controls">
            <NowPlaying state={state} me={me} isMod={isMod} />
            <VotePanel state={state} me={me} />
            <Reactions me={me} />
            <RoomAnnouncer state={state} me={me} />
          </div>
        </div>
        <aside className="room-side" aria-label={t('room.sidePanel')}>
          <DjPanel state={state} me={me} />
          <LiveAudioPanel state={state} me={me} />
          <RoomChat state={state} me={me} isMod={isMod} />
          <PeopleList state={state} me={me} onUser={setSheetUser} />
          <RecentSongs state={state} me={me} />
          <LastSets state={state} me={me} />
        </aside>
      </div>
      {sheetUser ? (
        <UserSheet
          state={state}
          userUuid={sheetUser}
          me={me}
          isMod={isMod}
          onClose={() => setSheetUser(null)}
        />
      ) : null}
      <Toast />
      <DriftOverlay />
    </div>
  );
}

function TopBar({
  state,
  status,
  isManager,
  mayNotify,
}: {
  state: ClientRoomState;
  status: RoomStatus;
  isManager: boolean;
  mayNotify: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const s = state.settings;
  const count = state.allUsers.length;
  return (
    <div className="room-bar">
      <div className="room-title">
        <h1 data-testid="room-name">{s.name}</h1>
        <p className="room-sub">
          <span className="room-chip">{t(`designs.${s.design}`)}</span>
          {s.vibe ? <span className="room-vibe">{s.vibe}</span> : null}
          <RoomLinks room={s} />
        </p>
      </div>
      <div className="room-top-actions">
        <ConnectionPill status={status} />
        <span className="room-count-pill" data-testid="room-count">
          <PeopleIcon /> {t('rooms.listeners', { count })}
        </span>
        {mayNotify ? <MessageRegularsButton room={s} /> : null}
        {isManager ? (
          <Link
            className="btn btn-ghost btn-sm"
            to={`/rooms/${s.slug}/settings`}
            data-testid="room-settings"
          >
            {t('room.settings')}
          </Link>
        ) : null}
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            leaveRoom();
            navigate('/rooms');
          }}
          data-testid="leave-room"
        >
          {t('room.leaveRoom')}
        </button>
      </div>
    </div>
  );
}

function ConnectionPill({ status }: { status: RoomStatus }) {
  const { t } = useTranslation();
  const label =
    status === 'reconnecting'
      ? t('room.reconnecting')
      : status === 'rejoining' || status === 'connecting'
        ? t('room.syncing')
        : null;
  return (
    <span className="conn-pill" role="status" data-status={status}>
      {label ? (
        <>
          <span className="spinner" aria-hidden="true" /> {label}
        </>
      ) : null}
    </span>
  );
}

function Waiting({ room, status }: { room: RoomDto; status: RoomStatus }) {
  const { t } = useTranslation();
  return (
    <div className="container narrow center-page" aria-busy="true">
      <p className="muted loading-line" role="status">
        <span className="spinner" aria-hidden="true" />{' '}
        {status === 'reconnecting'
          ? t('room.reconnecting')
          : t('room.joiningName', { name: room.name })}
      </p>
    </div>
  );
}

/** Room messages: shown for a few seconds, announced to screen readers. */
function Toast() {
  const { message, kind, id, clear } = useRoomToast();
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(clear, 4000);
    return () => clearTimeout(timer);
  }, [message, id, clear]);
  useEffect(() => clear, [clear]);
  return (
    <div className="room-toast-region" aria-live="polite">
      {message ? (
        <div
          key={id}
          className={`room-toast room-toast-${kind}`}
          role={kind === 'error' ? 'alert' : 'status'}
          data-testid="room-toast"
        >
          {message}
        </div>
      ) : null}
    </div>
  );
}
