import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomDto } from '@tt/protocol';
import { useSubmit } from '../../../lib/useSubmit';
import { Alert } from '../../../ui/Alert';
import { SubmitButton } from '../../../ui/SubmitButton';
import { useMessageRegularsMutation } from '../queries';

/** The longest message to a room's regulars (the notification body). */
const MAX_MESSAGE = 500;

/**
 * NOTIFY-SEND-3: the room's owner, co-owners and moderators write to the room's regulars (people
 * who entered it lately). The button shows only to those `room.notify` allows (the caller checks).
 */
export function MessageRegularsButton({ room }: { room: Pick<RoomDto, 'uuid' | 'slug'> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        onClick={() => setOpen(true)}
        data-testid="message-regulars"
      >
        {t('regulars.open')}
      </button>
      {open ? <MessageRegularsDialog room={room} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function MessageRegularsDialog({
  room,
  onClose,
}: {
  room: Pick<RoomDto, 'uuid' | 'slug'>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const fieldId = useId();
  const [message, setMessage] = useState('');
  const [sentTo, setSentTo] = useState<number | null>(null);
  const send = useSubmit(
    useMessageRegularsMutation(room),
    () => message.trim(),
    (res) => setSentTo(res.recipients),
  );

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => opener?.focus?.();
  }, []);

  return (
    <dialog
      ref={ref}
      className="user-sheet"
      aria-labelledby={titleId}
      onClose={onClose}
      data-testid="regulars-dialog"
    >
      <form className="user-sheet-inner" onSubmit={(e) => void send.submit(e)}>
        <h2 id={titleId}>{t('regulars.title')}</h2>
        <p className="muted">{t('regulars.lead')}</p>
        <div className="field">
          <label htmlFor={fieldId}>{t('regulars.message')}</label>
          <textarea
            id={fieldId}
            rows={4}
            required
            autoFocus
            maxLength={MAX_MESSAGE}
            value={message}
            disabled={sentTo !== null}
            onChange={(e) => {
              send.reset();
              setMessage(e.target.value);
            }}
            data-testid="regulars-message"
          />
          <p className="field-hint">
            {t('regulars.left', { count: MAX_MESSAGE - message.length })}
          </p>
        </div>
        <Alert>{send.error}</Alert>
        {sentTo !== null ? (
          <p role="status" data-testid="regulars-sent">
            {t('regulars.sent', { count: sentTo })}
          </p>
        ) : null}
        <div className="crate-actions">
          <button type="button" className="btn btn-ghost btn-sm" onClick={onClose}>
            {sentTo !== null ? t('regulars.close') : t('regulars.cancel')}
          </button>
          {sentTo === null ? (
            <SubmitButton
              phase={send.phase}
              idle={t('regulars.send')}
              submitting={t('regulars.sending')}
              disabled={message.trim() === ''}
              className="btn btn-primary btn-sm"
              testId="regulars-send"
            />
          ) : null}
        </div>
      </form>
    </dialog>
  );
}
