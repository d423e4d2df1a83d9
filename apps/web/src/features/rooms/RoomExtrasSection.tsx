import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_PINNED_MESSAGES, type RoomDto } from '@tt/protocol';
import { ErrorAlert } from '../../ui/Alert';
import { useProfiles } from '../friends/queries';
import {
  useChangeOwnerMutation,
  useClearGuestPasswordMutation,
  useExternalUrlMutation,
  useLiveAudioMutation,
  useLiveStateMutation,
  usePinnedMessagesMutation,
  usePosterDeleteMutation,
  usePosterUploadMutation,
  usePromoteRoomMutation,
  useSetGuestPasswordMutation,
} from './queries';
import { PinIcon } from './room/RoomInfo';
import { SwitchRow } from '../../ui/SwitchRow';

type Room = RoomDto;

/**
 * The room's extras, each saved on its own: pinned messages, poster, external link, open/closed
 * and live audio, guest password (managers); promotion (promoteRoom holders, admins); handing the
 * room over (its owner, admins).
 */
export function RoomExtrasSection({
  room,
  isOwner,
  canPromote,
  me,
}: {
  room: Room;
  isOwner: boolean;
  canPromote: boolean;
  me: string;
}) {
  const { t } = useTranslation();
  // Handing the room over ends this user's ownership, and with it the section that did it.
  const [handedOver, setHandedOver] = useState(false);
  return (
    <>
      <PinnedMessages room={room} me={me} />
      <section className="card edit-section" data-testid="room-look">
        <h2>{t('roomExtras.lookTitle')}</h2>
        <Poster room={room} />
        <ExternalLink room={room} />
      </section>
      <Switches room={room} canPromote={canPromote} />
      <GuestPassword room={room} />
      {isOwner ? (
        <TransferOwnership room={room} me={me} onDone={() => setHandedOver(true)} />
      ) : null}
      {handedOver ? (
        <p className="alert alert-success" role="status" data-testid="transferred">
          {t('roomExtras.transferred')}
        </p>
      ) : null}
    </>
  );
}

function PinnedMessages({ room, me }: { room: Room; me: string }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const save = usePinnedMessagesMutation(room);
  const pinned = room.pinnedMessages;
  const full = pinned.length >= MAX_PINNED_MESSAGES;
  const add = () => {
    const message = text.trim();
    if (!message) return;
    const entry = {
      id: `pin-${Date.now().toString(36)}`,
      message,
      userUuid: me,
      pinnedAt: new Date().toISOString(),
    };
    save.mutate([...pinned, entry], { onSuccess: () => setText('') });
  };
  return (
    <section className="card edit-section" data-testid="room-pins">
      <h2>{t('roomExtras.pinsTitle')}</h2>
      <p className="muted">{t('roomExtras.pinsLead', { count: MAX_PINNED_MESSAGES })}</p>
      <ErrorAlert error={save.error} />
      <ul className="pinned-edit">
        {pinned.map((p) => (
          <li key={p.id} data-testid="pinned-edit">
            <span className="pinned-text">
              <PinIcon /> {p.message}
            </span>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={save.isPending}
              onClick={() => save.mutate(pinned.filter((x) => x.id !== p.id))}
            >
              {t('roomExtras.unpin')}
            </button>
          </li>
        ))}
      </ul>
      <div className="field">
        <label htmlFor="pin-text">{t('roomExtras.pinLabel')}</label>
        <textarea
          id="pin-text"
          rows={2}
          maxLength={2000}
          value={text}
          disabled={full}
          placeholder={full ? t('roomExtras.pinsFull') : t('roomExtras.pinPlaceholder')}
          onChange={(ev) => setText(ev.target.value)}
          data-testid="pin-text"
        />
      </div>
      <button
        type="button"
        className="btn btn-primary"
        disabled={full || !text.trim() || save.isPending}
        onClick={add}
        data-testid="pin-add"
      >
        {t('roomExtras.pin')}
      </button>
    </section>
  );
}

function Poster({ room }: { room: Room }) {
  const { t } = useTranslation();
  const upload = usePosterUploadMutation(room);
  const remove = usePosterDeleteMutation(room);
  const onPick = (ev: ChangeEvent<HTMLInputElement>) => {
    const file = ev.target.files?.[0];
    ev.target.value = '';
    if (file) upload.mutate(file);
  };
  return (
    <div className="room-poster-edit">
      <h3>{t('roomExtras.poster')}</h3>
      <ErrorAlert error={upload.error ?? remove.error} />
      {room.posterUrl ? (
        <img className="room-poster" src={room.posterUrl} alt={t('roomExtras.poster')} />
      ) : (
        <p className="muted">{t('roomExtras.noPoster')}</p>
      )}
      <div className="form-actions-inline">
        <label className="btn btn-ghost">
          {upload.isPending ? t('images.uploading') : t('roomExtras.choosePoster')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp,image/gif"
            className="sr-only"
            onChange={onPick}
            data-testid="poster-file"
          />
        </label>
        {room.posterUrl ? (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={remove.isPending}
            onClick={() => remove.mutate(undefined)}
          >
            {t('roomExtras.removePoster')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function ExternalLink({ room }: { room: Room }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(room.externalUrl ?? '');
  const save = useExternalUrlMutation(room);
  return (
    <form
      className="room-link-edit"
      onSubmit={(ev) => {
        ev.preventDefault();
        save.mutate(url.trim() || null);
      }}
    >
      <h3>{t('roomExtras.link')}</h3>
      <p className="muted">{t('roomExtras.linkLead')}</p>
      <ErrorAlert error={save.error} />
      <div className="field">
        <label htmlFor="room-link">{t('roomExtras.linkLabel')}</label>
        <input
          id="room-link"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={url}
          onChange={(ev) => {
            setUrl(ev.target.value);
            save.reset();
          }}
          data-testid="room-link"
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        {save.isSuccess ? t('editProfile.saved') : t('editProfile.save')}
      </button>
    </form>
  );
}

function Toggle({
  name,
  ...rest
}: {
  name: string;
  on: boolean;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <SwitchRow
      label={t(`roomExtras.${name}`)}
      hint={t(`roomExtras.${name}Hint`)}
      testId={`room-switch-${name}`}
      {...rest}
    />
  );
}

function Switches({ room, canPromote }: { room: Room; canPromote: boolean }) {
  const { t } = useTranslation();
  const live = useLiveStateMutation(room);
  const audio = useLiveAudioMutation(room);
  const promote = usePromoteRoomMutation(room);
  return (
    <section className="card edit-section" data-testid="room-switches">
      <h2>{t('roomExtras.stateTitle')}</h2>
      <ErrorAlert error={live.error ?? audio.error ?? promote.error} />
      <ul className="switch-list">
        <Toggle name="isLive" on={room.isLive} busy={live.isPending} onChange={live.mutate} />
        <Toggle
          name="liveAudio"
          on={room.liveAudio}
          busy={audio.isPending}
          onChange={audio.mutate}
        />
        {canPromote ? (
          <Toggle
            name="promoted"
            on={room.promoted}
            busy={promote.isPending}
            onChange={promote.mutate}
          />
        ) : null}
      </ul>
    </section>
  );
}

function GuestPassword({ room }: { room: Room }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const set = useSetGuestPasswordMutation(room);
  const clear = useClearGuestPasswordMutation(room);
  return (
    <section className="card edit-section" data-testid="room-guest-password">
      <h2>{t('roomExtras.guestTitle')}</h2>
      <p className="muted">
        {room.isGuestPasswordProtected ? t('roomExtras.guestOn') : t('roomExtras.guestOff')}
      </p>
      <ErrorAlert error={set.error ?? clear.error} />
      <form
        className="inline-form"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (password) set.mutate(password, { onSuccess: () => setPassword('') });
        }}
      >
        <input
          type="password"
          autoComplete="new-password"
          aria-label={t('roomExtras.guestLabel')}
          placeholder={t('roomExtras.guestLabel')}
          maxLength={100}
          value={password}
          onChange={(ev) => setPassword(ev.target.value)}
        />
        <button type="submit" className="btn btn-primary" disabled={!password || set.isPending}>
          {t('roomExtras.guestSet')}
        </button>
        {room.isGuestPasswordProtected ? (
          <button
            type="button"
            className="btn btn-ghost"
            disabled={clear.isPending}
            onClick={() => clear.mutate(undefined)}
          >
            {t('roomExtras.guestClear')}
          </button>
        ) : null}
      </form>
    </section>
  );
}

function TransferOwnership({ room, me, onDone }: { room: Room; me: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [to, setTo] = useState('');
  const [sure, setSure] = useState(false);
  // Candidates: people with a role here (not bans) and people in the room now.
  const banned = new Set(
    room.roomRoles.filter((r) => r.role === 'banned' || r.role === 'kicked').map((r) => r.userUuid),
  );
  const uuids = [
    ...new Set([...room.roomRoles.map((r) => r.userUuid), ...(room.usersInRoomUuids ?? [])]),
  ].filter((u) => u !== me && !banned.has(u));
  const profiles = useProfiles(uuids);
  const change = useChangeOwnerMutation(room);
  return (
    <section className="card edit-section" data-testid="room-transfer">
      <h2>{t('roomExtras.transferTitle')}</h2>
      <p className="muted">{t('roomExtras.transferLead')}</p>
      <ErrorAlert error={change.error} />
      {uuids.length === 0 ? (
        <p className="muted">{t('roomExtras.transferNobody')}</p>
      ) : (
        <div className="inline-form">
          <select
            aria-label={t('roomExtras.transferTo')}
            value={to}
            onChange={(ev) => {
              setTo(ev.target.value);
              setSure(false);
            }}
            data-testid="transfer-to"
          >
            <option value="">{t('roomExtras.transferTo')}</option>
            {uuids.map((u) => (
              <option key={u} value={u}>
                {profiles.data?.get(u)?.nickname ?? u.slice(0, 8)}
              </option>
            ))}
          </select>
          {sure ? (
            <button
              type="button"
              className="btn btn-danger"
              disabled={change.isPending}
              onClick={() => change.mutate(to, { onSuccess: onDone })}
              data-testid="transfer-confirm"
            >
              {t('roomExtras.transferConfirm')}
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-ghost"
              disabled={!to}
              onClick={() => setSure(true)}
            >
              {t('roomExtras.transfer')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}
