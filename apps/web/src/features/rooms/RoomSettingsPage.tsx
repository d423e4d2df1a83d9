import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { RoomDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useOwnProfile } from '../../entities/user/queries';
import { mayI } from '../../entities/session/access';
import { useRoom } from '../../entities/room/queries';
import { RoomEventsSection } from '../events/RoomEventsSection';
import { useDeleteRoomMutation, useUpdateRoomMutation } from './queries';
import { RoomExtrasSection } from './RoomExtrasSection';
import { RoomRolesSection } from './RoomRolesSection';
import { RoomRulesSection } from './RoomRulesSection';
import { draftFromRoom, RoomForm, settingsBody, type RoomDraft } from './RoomForm';

/** /rooms/:slug/settings: the owner (co-owners, global moderators) edits the room. */
export function RoomSettingsPage() {
  const { t } = useTranslation();
  const toText = useErrorText();
  const { slug = '' } = useParams();
  const room = useRoom(slug);
  const { data: me } = useOwnProfile();
  useDocumentTitle(t('roomForm.settingsTitle'));

  if (room.error) {
    return (
      <div className="container narrow">
        <Alert>{toText(room.error)}</Alert>
      </div>
    );
  }
  if (!room.data || !me) {
    return (
      <div className="container narrow center-page" aria-busy="true">
        <p className="muted loading-line" role="status">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      </div>
    );
  }
  if (!mayI(me, 'room.settings.edit', { room: room.data })) {
    return (
      <div className="container narrow center-page">
        <Alert>{t('roomForm.notYours')}</Alert>
        <Link className="btn btn-ghost" to={`/rooms/${room.data.slug}`}>
          {t('roomForm.backToRoom')}
        </Link>
      </div>
    );
  }
  const isOwner = mayI(me, 'room.owner.change', { room: room.data });
  const canPromote = mayI(me, 'room.promote');
  return (
    <SettingsForm
      room={room.data}
      isOwner={isOwner}
      canPromote={canPromote}
      me={me.uuid}
      key={room.data.uuid}
    />
  );
}

function SettingsForm({
  room,
  isOwner,
  canPromote,
  me,
}: {
  room: RoomDto;
  isOwner: boolean;
  canPromote: boolean;
  me: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useRef<RoomDraft>(draftFromRoom(room));
  const save = useSubmit(
    useUpdateRoomMutation(room),
    () => settingsBody(draft.current, true),
    (updated) => {
      if (updated.slug !== room.slug)
        navigate(`/rooms/${updated.slug}/settings`, { replace: true });
    },
  );
  return (
    <div className="container edit-page room-form-page">
      <div className="page-head">
        <div>
          <h1>{t('roomForm.settingsTitle')}</h1>
          <p className="muted">{room.name}</p>
        </div>
        <Link className="btn btn-ghost" to={`/rooms/${room.slug}`}>
          {t('roomForm.backToRoom')}
        </Link>
      </div>
      <RoomForm
        initial={draft.current}
        editing
        hasPassword={room.isPasswordProtected}
        phase={save.phase}
        error={save.error}
        onChange={save.reset}
        onSubmit={(d) => {
          draft.current = d;
          void save.submit();
        }}
        submitLabels={{
          idle: t('editProfile.save'),
          submitting: t('editProfile.saving'),
          submitted: t('editProfile.saved'),
        }}
      />
      <RoomRulesSection room={room} />
      <RoomExtrasSection room={room} isOwner={isOwner} canPromote={canPromote} me={me} />
      <RoomRolesSection room={room} />
      <RoomEventsSection room={room} />
      {isOwner ? <DeleteRoom room={room} /> : null}
    </div>
  );
}

function DeleteRoom({ room }: { room: RoomDto }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const del = useSubmit(
    useDeleteRoomMutation(room),
    () => undefined,
    () => navigate('/rooms'),
  );
  return (
    <section className="card edit-section danger-zone">
      <h2>{t('roomForm.dangerZone')}</h2>
      <p className="muted">{t('roomForm.deleteLead')}</p>
      <Alert>{del.error}</Alert>
      {confirming ? (
        <div className="form-actions-inline">
          <button
            type="button"
            className="btn btn-danger"
            onClick={() => void del.submit()}
            disabled={del.submitting}
          >
            {t('roomForm.deleteConfirm')}
          </button>
          <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
            {t('roomForm.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="btn btn-ghost" onClick={() => setConfirming(true)}>
          {t('roomForm.delete')}
        </button>
      )}
    </section>
  );
}
