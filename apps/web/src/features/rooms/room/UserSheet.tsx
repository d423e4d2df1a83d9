import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ClientRoomState, type RoomUserRole, SOCKET_ACTIONS } from '@tt/protocol';
import { roomAction } from '../../../lib/socket/session';
import { Avatar } from '../../../entities/avatar/Avatar';
import { BanLengthField } from '../../../ui/BanLengthField';
import { isDj, nicknameOf, pictureOf, roomRolesOf } from '../../../entities/room/model';
import { useRoomRunner, type Me } from '../../../entities/room/hooks';
import { ROLE_BADGES } from './PeopleList';
import { FollowButton } from '../../friends/FollowButton';
import { FriendButtons } from '../../friends/FriendButtons';
import { MessageButton } from '../../messages/MessageButton';
import { useKickMutation, useRoomRoleMutation } from '../queries';

/** Room roles a moderator toggles from the menu: [role, give label, take label]. */
const ROLE_TOGGLES: [RoomUserRole, string, string][] = [
  ['moderator', 'room.mod.giveModerator', 'room.mod.takeModerator'],
  ['chatDisabled', 'room.mod.disableChat', 'room.mod.enableChat'],
  ['djDisabled', 'room.mod.disableDj', 'room.mod.enableDj'],
];

/**
 * A person's card (a modal dialog): their name, a link to their profile, and for the room's
 * moderators the moderator menu — remove from the booth, give or take the DJ, moderator,
 * chat-disabled and DJ-disabled roles, kick, ban.
 */
export function UserSheet({
  state,
  userUuid,
  me,
  isMod,
  onClose,
}: {
  state: ClientRoomState;
  userUuid: string;
  me: Me;
  isMod: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const run = useRoomRunner();
  const roleMutation = useRoomRoleMutation(state.settings.uuid);
  const kick = useKickMutation();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [confirm, setConfirm] = useState<'kick' | 'ban' | null>(null);
  const [reason, setReason] = useState('');
  const [banMinutes, setBanMinutes] = useState<number | null>(24 * 60);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => opener?.focus?.();
  }, []);

  const data = state.allUserData[userUuid];
  const user = state.allUsers.find((u) => u.uuid === userUuid);
  const name = nicknameOf(data, t('room.someone'));
  const isSelf = userUuid === me.uuid;
  const isGuest = user?.tokenRole === 'guest';
  const roomUuid = state.settings.uuid;
  const roles = roomRolesOf(state.settings, userUuid);
  const hasDjRole = roles.includes('dj') || user?.highestRole === 'dj';
  const inBooth = isDj(state, userUuid);
  const showMod = isMod && !isSelf && !!user;

  const act = async (work: () => Promise<unknown>, done: string) => {
    const ok = await run(async () => {
      await work();
      return true;
    }, done);
    if (ok) onClose();
  };
  const role = (r: RoomUserRole, give: boolean) =>
    roleMutation.mutateAsync({ give, userUuid, role: r });

  /** A ban for the length chosen; they are sent out with the reason (RR-BAN-3). */
  const ban = () =>
    roleMutation.mutateAsync({
      give: true,
      userUuid,
      role: 'banned',
      reason: reason.trim() || undefined,
      expirationTime: banMinutes ? new Date(Date.now() + banMinutes * 60_000).toISOString() : null,
    });

  return (
    <dialog
      ref={ref}
      className="user-sheet"
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(e) => {
        if (e.target === ref.current) ref.current?.close();
      }}
      data-testid="user-sheet"
    >
      <div className="user-sheet-inner">
        <div className="user-sheet-head">
          <Avatar
            name={name}
            picture={pictureOf(data)}
            color={data?.userProfile.color}
            avatarId={data?.userProfile.avatarId}
            size={56}
          />
          <div>
            <h2 id={titleId}>{name}</h2>
            <p className="muted">
              {[
                inBooth ? t('room.djTag') : null,
                user?.highestRole && ROLE_BADGES.includes(user.highestRole)
                  ? t(`room.roles.${user.highestRole}`)
                  : null,
                isGuest ? t('room.roles.guest') : null,
              ]
                .filter(Boolean)
                .join(' · ') || t('room.inAudience')}
            </p>
          </div>
          <button
            type="button"
            className="sheet-close"
            onClick={() => ref.current?.close()}
            aria-label={t('room.close')}
          >
            ×
          </button>
        </div>

        {!isGuest ? (
          <Link className="btn btn-ghost btn-block" to={`/profile/${userUuid}`}>
            {t('room.viewProfile')}
          </Link>
        ) : null}
        {!isGuest ? <MessageButton uuid={userUuid} className="btn btn-primary btn-block" /> : null}
        {!isGuest ? (
          <div className="sheet-social" data-testid="sheet-social">
            <FollowButton uuid={userUuid} compact />
            <FriendButtons uuid={userUuid} compact />
          </div>
        ) : null}

        {showMod ? (
          <div
            className="mod-menu"
            role="group"
            aria-label={t('room.mod.title')}
            data-testid="mod-menu"
          >
            <p className="side-label">{t('room.mod.title')}</p>
            {inBooth ? (
              <button
                type="button"
                className="mod-item"
                onClick={() =>
                  void act(
                    () =>
                      roomAction(SOCKET_ACTIONS.removeDj, {
                        djUuid: userUuid,
                        // VOTE-PLAY-1: only while the song shown still plays.
                        playStartTime: state.nowPlaying?.startTime,
                      }),
                    t('room.mod.removedDj', { name }),
                  )
                }
                data-testid="mod-remove-dj"
              >
                {t('room.mod.removeDj')}
              </button>
            ) : null}
            {!isGuest ? (
              <button
                type="button"
                className="mod-item"
                onClick={() =>
                  void act(
                    () => role('dj', !hasDjRole),
                    hasDjRole
                      ? t('room.mod.djRoleTaken', { name })
                      : t('room.mod.djRoleGiven', { name }),
                  )
                }
                data-testid="mod-dj-role"
              >
                {hasDjRole ? t('room.mod.takeDjRole') : t('room.mod.giveDjRole')}
              </button>
            ) : null}
            {!isGuest
              ? ROLE_TOGGLES.map(([r, give, take]) => {
                  const held = roles.includes(r);
                  return (
                    <button
                      key={r}
                      type="button"
                      className="mod-item"
                      onClick={() =>
                        void act(() => role(r, !held), t('room.mod.roleChanged', { name }))
                      }
                      data-testid={`mod-role-${r}`}
                    >
                      {t(held ? take : give)}
                    </button>
                  );
                })
              : null}
            {confirm ? (
              <div className="mod-confirm">
                {confirm === 'ban' ? (
                  <p className="muted">{t('room.mod.banLead', { name })}</p>
                ) : null}
                <label className="field">
                  <span>{t('room.mod.reason')}</span>
                  <input
                    value={reason}
                    maxLength={500}
                    onChange={(e) => setReason(e.target.value)}
                    data-testid="mod-reason"
                  />
                </label>
                {confirm === 'ban' ? (
                  <BanLengthField
                    label={t('room.mod.banLength')}
                    value={banMinutes}
                    onChange={setBanMinutes}
                    testId="mod-ban-length"
                  />
                ) : null}
                <div className="form-actions-inline">
                  <button
                    type="button"
                    className="btn btn-danger btn-sm"
                    data-testid="mod-confirm"
                    onClick={() =>
                      void act(
                        () =>
                          confirm === 'kick'
                            ? kick.mutateAsync({
                                roomUuid,
                                userUuid,
                                reason: reason.trim() || undefined,
                              })
                            : ban(),
                        confirm === 'kick'
                          ? t('room.mod.kicked', { name })
                          : t('room.mod.banned', { name }),
                      )
                    }
                  >
                    {confirm === 'kick'
                      ? t('room.mod.kickConfirm', { name })
                      : t('room.mod.banConfirm', { name })}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    onClick={() => setConfirm(null)}
                  >
                    {t('roomForm.cancel')}
                  </button>
                </div>
              </div>
            ) : (
              <>
                <button
                  type="button"
                  className="mod-item mod-danger"
                  onClick={() => setConfirm('kick')}
                  data-testid="mod-kick"
                >
                  {t('room.mod.kick')}
                </button>
                {!isGuest ? (
                  <button
                    type="button"
                    className="mod-item mod-danger"
                    onClick={() => setConfirm('ban')}
                    data-testid="mod-ban"
                  >
                    {t('room.mod.ban')}
                  </button>
                ) : null}
              </>
            )}
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
