import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/errors';
import {
  useAnswerInvitationMutation,
  useBlockMutation,
  useCancelInvitationMutation,
  useInviteMutation,
  useRelation,
  useUnblockMutation,
  useUnfriendMutation,
} from './queries';

/**
 * Add friend / Invitation sent (cancel) / Accept – Decline / Friends (remove), and Block /
 * Unblock, for another person (signed-in users only). Rules: SOC-INV-*, SOC-BLOCK-1.
 */
export function FriendButtons({ uuid, compact = false }: { uuid: string; compact?: boolean }) {
  const { t } = useTranslation();
  const toText = useErrorText();
  const relation = useRelation(uuid);
  const invite = useInviteMutation();
  const answer = useAnswerInvitationMutation();
  const cancel = useCancelInvitationMutation();
  const unfriend = useUnfriendMutation();
  const block = useBlockMutation();
  const unblock = useUnblockMutation();
  const [error, setError] = useState<string | null>(null);
  const busy =
    invite.isPending ||
    answer.isPending ||
    cancel.isPending ||
    unfriend.isPending ||
    block.isPending ||
    unblock.isPending;
  const run = (p: Promise<unknown>) => {
    setError(null);
    p.catch((err: unknown) => setError(toText(err)));
  };
  if (relation.kind === 'self' || relation.kind === 'signedOut') return null;
  const size = compact ? 'btn-sm' : '';
  const friendButton = () => {
    switch (relation.kind) {
      case 'loading':
        return null;
      case 'none':
        return (
          <button
            type="button"
            className={`btn btn-primary ${size}`}
            disabled={busy}
            onClick={() => run(invite.mutateAsync(uuid))}
            data-testid="friend-add"
          >
            {t('friends.add')}
          </button>
        );
      case 'sent':
        return (
          <button
            type="button"
            className={`btn btn-ghost ${size}`}
            disabled={busy}
            onClick={() => run(cancel.mutateAsync(relation.invitation.id))}
            title={t('friends.cancelHint')}
            data-testid="friend-sent"
          >
            {t('friends.sent')}
          </button>
        );
      case 'received':
        return (
          <>
            <button
              type="button"
              className={`btn btn-primary ${size}`}
              disabled={busy}
              onClick={() =>
                run(
                  answer.mutateAsync({
                    invitationId: relation.invitation.id,
                    invitationStatus: 'accepted',
                  }),
                )
              }
              data-testid="friend-accept"
            >
              {t('friends.accept')}
            </button>
            <button
              type="button"
              className={`btn btn-ghost ${size}`}
              disabled={busy}
              onClick={() =>
                run(
                  answer.mutateAsync({
                    invitationId: relation.invitation.id,
                    invitationStatus: 'rejected',
                  }),
                )
              }
              data-testid="friend-decline"
            >
              {t('friends.decline')}
            </button>
          </>
        );
      case 'friends':
        return (
          <button
            type="button"
            className={`btn btn-ghost ${size}`}
            disabled={busy}
            onClick={() => {
              if (window.confirm(t('friends.removeConfirm'))) run(unfriend.mutateAsync(uuid));
            }}
            data-testid="friend-remove"
          >
            {t('friends.friendsRemove')}
          </button>
        );
      case 'blocked':
        return null;
    }
  };
  return (
    <div className="friend-buttons" data-testid="friend-buttons">
      {friendButton()}
      {relation.kind === 'blocked' ? (
        <button
          type="button"
          className={`btn btn-ghost ${size}`}
          disabled={busy}
          onClick={() => run(unblock.mutateAsync(uuid))}
          data-testid="unblock"
        >
          {t('friends.unblock')}
        </button>
      ) : relation.kind !== 'loading' ? (
        <button
          type="button"
          className={`btn btn-ghost btn-danger-text ${size}`}
          disabled={busy}
          onClick={() => {
            if (window.confirm(t('friends.blockConfirm'))) run(block.mutateAsync(uuid));
          }}
          data-testid="block"
        >
          {t('friends.block')}
        </button>
      ) : null}
      {error ? (
        <p className="friend-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
