import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AfkNotice } from '@tt/room-client';
import type { ClientRoomState, ErrorCode } from '@tt/protocol';
import { useRoomStore } from '../../../lib/socket/store';

/**
 * ROOM-RULES-7: the room's word to a DJ away too long: the warning while they are still on the
 * stage (gone once they act: the room client clears it), then why they were taken off it.
 */
export function AfkBanner({ state, me }: { state: ClientRoomState; me: { uuid: string | null } }) {
  const afk = useRoomStore((s) => s.afk ?? null);
  const offset = useRoomStore((s) => s.serverTimeOffset);
  const [dismissed, setDismissed] = useState<AfkNotice | null>(null);
  // The warning goes at its removal time (a chat message, not a room action, may have answered it).
  useEffect(() => {
    if (afk?.kind !== 'warning') return;
    const timer = setTimeout(
      () => setDismissed(afk),
      Math.max(0, afk.removeAt - (Date.now() + offset)),
    );
    return () => clearTimeout(timer);
  }, [afk, offset]);
  const onStage = state.djs.some((d) => d.uuid === me.uuid);
  if (!afk || afk === dismissed) return null;
  if (afk.kind === 'warning' && !onStage) return null;
  return <AfkNoticeView notice={afk} onDismiss={() => setDismissed(afk)} />;
}

/** The refusal code the removal carries (its text: the server's, or serverErrors.* in es). */
const AFK_REMOVED: ErrorCode = 'ROOM_RULE_AFK_REMOVED';

/** The warning or the removal, as a banner above the stage. */
export function AfkNoticeView({ notice, onDismiss }: { notice: AfkNotice; onDismiss: () => void }) {
  const { t, i18n } = useTranslation();
  // The server's text in English; the catalogue's translation in other languages.
  const removedText =
    notice.kind !== 'removed'
      ? ''
      : i18n.language && i18n.language !== 'en'
        ? t(`serverErrors.${AFK_REMOVED}`, { defaultValue: notice.reason })
        : notice.reason;
  return (
    <div
      className={`alert ${notice.kind === 'warning' ? 'alert-error' : 'alert-info'} afk-banner`}
      role={notice.kind === 'warning' ? 'alert' : 'status'}
      data-testid={`afk-${notice.kind}`}
    >
      <span>{notice.kind === 'warning' ? t('roomRules.afkWarning') : removedText}</span>{' '}
      <button type="button" className="btn btn-ghost btn-sm" onClick={onDismiss}>
        {t('roomRules.dismiss')}
      </button>
    </div>
  );
}
