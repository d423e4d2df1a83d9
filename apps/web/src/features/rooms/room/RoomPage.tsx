import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '@tt/api-client';
import { ERRORS, type RoomDto } from '@tt/protocol';
import { useErrorText, useSocketErrorText } from '../../../lib/errors';
import { useSession } from '../../../lib/session';
import { banText, useBanNotice } from '../../../entities/session/ban';
import { activeRoomUuid, enterRoom, leaveRoom } from '../../../lib/socket/session';
import { useRoomStore } from '../../../lib/socket/store';
import { Alert } from '../../../ui/Alert';
import { Field } from '../../../ui/Field';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { designVars } from '../../../entities/room/designs';
import { useRoom } from '../../../entities/room/queries';
import { Backdrop } from '../../../entities/room/stage/Backdrop';
import { useJoinRoomMutation } from '../queries';
import { LiveRoom } from './LiveRoom';
import { useRoomStartTime } from './useRoomStartTime';
import { useSessionCheckWhenEnded } from './useSessionCheck';

type Gate =
  | { kind: 'joining' }
  | { kind: 'password'; wrong: boolean }
  | { kind: 'error'; message: string }
  | { kind: 'entered' };

const PASSWORD_CODES = ['ROOM_PASSWORD_REQUIRED', 'ROOM_PASSWORD_INCORRECT'];
/** The REST join lets a missing password pass; the socket's joinRoom refuses it with these. */
const PASSWORD_REFUSALS: Record<string, boolean> = {
  [ERRORS.ROOM_PASSWORD_REQUIRED.message]: false,
  [ERRORS.ROOM_PASSWORD_INCORRECT.message]: true,
};

/** /rooms/:slug — asks the room service to join (password prompt on 403), then goes live. */
export function RoomPage() {
  const { t } = useTranslation();
  const toText = useErrorText();
  const { slug = '' } = useParams();
  const room = useRoom(slug);
  const token = useSession((s) => s.accessToken ?? s.guestToken);
  const [gate, setGate] = useState<Gate>({ kind: 'joining' });
  const attempt = useRef<string | null>(null);
  const { mutateAsync: askToJoin } = useJoinRoomMutation();
  useDocumentTitle(room.data?.name ?? t('room.title'));
  useRoomStartTime(room.data);

  const join = useCallback(
    async (target: RoomDto, password?: string) => {
      setGate({ kind: 'joining' });
      try {
        await askToJoin({ slug: target.slug, password });
        enterRoom({ slug: target.slug, roomUuid: target.uuid, password });
        setGate({ kind: 'entered' });
      } catch (err) {
        const code = err instanceof ApiError ? (err.body as { code?: string })?.code : undefined;
        if (
          err instanceof ApiError &&
          err.status === 403 &&
          code &&
          PASSWORD_CODES.includes(code)
        ) {
          setGate({ kind: 'password', wrong: code === 'ROOM_PASSWORD_INCORRECT' && !!password });
        } else {
          setGate({ kind: 'error', message: toText(err) });
        }
      }
    },
    [toText, askToJoin],
  );

  useEffect(() => {
    const target = room.data;
    if (!target || !token) return;
    const key = `${target.uuid}:${token}`;
    if (attempt.current === key) return;
    attempt.current = key;
    const { status } = useRoomStore.getState();
    if (activeRoomUuid() === target.uuid && !['failed', 'kicked', 'closed'].includes(status)) {
      setGate({ kind: 'entered' });
      return;
    }
    void join(target);
  }, [room.data, token, join]);

  if (room.error) {
    const missing = room.error instanceof ApiError && room.error.status === 404;
    return (
      <div className="container narrow center-page" data-testid="room-missing">
        <p className="big-code" aria-hidden="true">
          {missing ? '404' : '!'}
        </p>
        <h1>{missing ? t('room.notFound') : t('room.title')}</h1>
        {!missing ? <Alert>{toText(room.error)}</Alert> : null}
        <Link className="btn btn-primary" to="/rooms">
          {t('room.browse')}
        </Link>
      </div>
    );
  }
  if (!room.data) return <Loading />;
  if (gate.kind === 'password') {
    return (
      <PasswordPrompt
        room={room.data}
        wrong={gate.wrong}
        onSubmit={(p) => void join(room.data!, p)}
      />
    );
  }
  if (gate.kind === 'error') {
    return (
      <Outside room={room.data}>
        <Alert testId="room-join-error">{gate.message}</Alert>
        <div className="form-actions-inline">
          <button type="button" className="btn btn-primary" onClick={() => void join(room.data!)}>
            {t('room.tryAgain')}
          </button>
          <Link className="btn btn-ghost" to="/rooms">
            {t('room.browse')}
          </Link>
        </div>
      </Outside>
    );
  }
  if (gate.kind === 'joining') return <Loading label={t('room.joining')} />;
  return (
    <Entered
      room={room.data}
      onRetry={() => void join(room.data!)}
      onPassword={(p) => void join(room.data!, p)}
    />
  );
}

/**
 * Removed from the room. A ban removes the person from every room too (SEC-SESSION-3): the session
 * was asked at once (useSessionCheckWhenEnded), and when it ended for a ban the card says so and
 * until when.
 */
function Kicked({ room, reason }: { room: RoomDto; reason: string | null }) {
  const { t, i18n } = useTranslation();
  const ban = useBanNotice((s) => s.ban);
  return (
    <Outside room={room}>
      <h2>{ban ? t('ban.title') : t('room.kickedTitle')}</h2>
      <p className="muted" data-testid="kicked">
        {ban
          ? banText(ban, t, i18n.language)
          : reason
            ? t('room.kickReason', { reason })
            : t('room.kickedBody')}
      </p>
      <Link className="btn btn-primary" to="/rooms">
        {t('room.browse')}
      </Link>
    </Outside>
  );
}

/** In the room: the live view, or what ended it (kicked, refused, closed). */
function Entered({
  room,
  onRetry,
  onPassword,
}: {
  room: RoomDto;
  onRetry: () => void;
  onPassword: (password: string) => void;
}) {
  const { t } = useTranslation();
  const socketText = useSocketErrorText();
  const status = useRoomStore((s) => s.status);
  const kickReason = useRoomStore((s) => s.kickReason);
  const error = useRoomStore((s) => s.error);
  const errorCode = useRoomStore((s) => s.errorCode);
  useSessionCheckWhenEnded(status);
  if (status === 'kicked') return <Kicked room={room} reason={kickReason} />;
  if (status === 'failed' && error !== null && error in PASSWORD_REFUSALS) {
    return <PasswordPrompt room={room} wrong={PASSWORD_REFUSALS[error]} onSubmit={onPassword} />;
  }
  if (status === 'failed' || status === 'closed') {
    return (
      <Outside room={room}>
        <Alert testId="room-join-error">
          {error !== null ? socketText(error, errorCode) : t('room.closed')}
        </Alert>
        <div className="form-actions-inline">
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            {t('room.tryAgain')}
          </button>
          <Link className="btn btn-ghost" to="/rooms" onClick={() => leaveRoom()}>
            {t('room.browse')}
          </Link>
        </div>
      </Outside>
    );
  }
  return <LiveRoom room={room} />;
}

function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="container narrow center-page" aria-busy="true">
      <p className="muted loading-line" role="status">
        <span className="spinner" aria-hidden="true" /> {label ?? t('common.loading')}
      </p>
    </div>
  );
}

/** A card in front of the room's stage (password, errors, kicked). */
function Outside({ room, children }: { room: RoomDto; children: ReactNode }) {
  return (
    <div className="room-outside" style={designVars(room.design)}>
      <Backdrop design={room.design} className="backdrop-fill" />
      <section className="card room-door" aria-labelledby="door-title">
        <p className="eyebrow">{room.vibe || '\u00a0'}</p>
        <h1 id="door-title">{room.name}</h1>
        {children}
      </section>
    </div>
  );
}

function PasswordPrompt({
  room,
  wrong,
  onSubmit,
}: {
  room: RoomDto;
  wrong: boolean;
  onSubmit: (password: string) => void;
}) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password) onSubmit(password);
  };
  return (
    <Outside room={room}>
      <form className="form" onSubmit={submit} data-testid="room-password-form">
        <p className="muted">{t('room.passwordLead')}</p>
        {wrong ? <Alert testId="room-password-error">{t('room.passwordWrong')}</Alert> : null}
        <Field
          label={t('fields.password')}
          type="password"
          autoComplete="off"
          autoFocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          data-testid="room-password-input"
        />
        <button type="submit" className="btn btn-primary btn-block" disabled={!password}>
          {t('room.enter')}
        </button>
      </form>
    </Outside>
  );
}
