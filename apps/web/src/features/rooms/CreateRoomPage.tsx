import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { sendRoomCreationStart } from '../../lib/analytics/appEvents';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useVerifyToCreate } from '../../entities/user/queries';
import { useCreateRoomMutation } from './queries';
import { NEW_ROOM, RoomForm, settingsBody, type RoomDraft } from './RoomForm';

/** /rooms/new: create a room; the creator becomes its owner and lands in it. */
export function CreateRoomPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useDocumentTitle(t('roomForm.createTitle'));
  const draft = useRef<RoomDraft>(NEW_ROOM);
  const verifyFirst = useVerifyToCreate();
  // ANALYTICS-WEB-1: roomCreationStartTime once per opening of the form.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    sendRoomCreationStart();
  }, []);
  const save = useSubmit(
    useCreateRoomMutation(),
    () => settingsBody(draft.current, false),
    (room) => navigate(`/rooms/${room.slug}`),
  );
  return (
    <div className="container edit-page room-form-page">
      <div className="page-head">
        <div>
          <h1>{t('roomForm.createTitle')}</h1>
          <p className="muted">{t('roomForm.createLead')}</p>
        </div>
        <Link className="btn btn-ghost" to="/rooms">
          {t('roomForm.cancel')}
        </Link>
      </div>
      {verifyFirst ? (
        <Alert kind="info" testId="verify-to-create">
          <Link to={verifyFirst}>{t('verify.createHint')}</Link>
        </Alert>
      ) : null}
      <RoomForm
        initial={NEW_ROOM}
        editing={false}
        phase={save.phase}
        error={save.error}
        onSubmit={(d) => {
          draft.current = d;
          void save.submit();
        }}
        submitLabels={{ idle: t('roomForm.create'), submitting: t('roomForm.creating') }}
      />
    </div>
  );
}
