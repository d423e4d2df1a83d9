import { inActivity } from '../../lib/activity';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AvatarVisibility, MyAvatarDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { Figure } from '../../entities/avatar/Figure';
import { useMyAvatarsQuery, useWearAvatarMutation } from './queries';

const GROUPS: AvatarVisibility[] = ['PUBLIC', 'SUBSCRIBER_ONLY', 'SEASON_AWARD', 'PRIVATE'];

/** How to unlock a locked avatar (AVATAR-WEAR-2). */
function LockNote({ avatar }: { avatar: MyAvatarDto }) {
  const { t } = useTranslation();
  if (avatar.lock === 'SUBSCRIBE') {
    return (
      <span className="avatar-lock" data-testid={`avatar-lock-${avatar.slug}`}>
        {t('avatars.lock.SUBSCRIBE')} · <Link to="/plans">{t('avatars.goPro')}</Link>
      </span>
    );
  }
  if (avatar.lock === 'SEASON_RANK') {
    return (
      <span className="avatar-lock">
        {avatar.awardTopRank
          ? t('avatars.lock.SEASON_RANK', { rank: avatar.awardTopRank })
          : t('avatars.lock.ASSIGNED_ONLY')}{' '}
        · <Link to="/leaderboard">{t('avatars.seeBoard')}</Link>
      </span>
    );
  }
  if (avatar.lock === 'DISCORD') {
    return <span className="avatar-lock">{t('avatars.lock.DISCORD')}</span>;
  }
  return avatar.lock ? (
    <span className="avatar-lock">{t('avatars.lock.ASSIGNED_ONLY')}</span>
  ) : null;
}

/**
 * The avatar picker of the profile settings: every character, the locked ones greyed with what
 * unlocks them; a click wears it at once (everyone in the room sees the change).
 */
export function AvatarPicker({ current }: { current: string }) {
  const { t } = useTranslation();
  const toText = useErrorText();
  const avatars = useMyAvatarsQuery();
  const wear = useWearAvatarMutation();
  if (avatars.error) return <Alert>{toText(avatars.error)}</Alert>;
  if (!avatars.data) {
    return (
      <p className="muted loading-line" role="status">
        <span className="spinner" aria-hidden="true" /> {t('common.loading')}
      </p>
    );
  }
  const wearing = wear.isPending ? wear.variables : current;
  return (
    <div data-testid="avatar-picker">
      <Alert testId="avatar-error">{wear.error ? toText(wear.error) : null}</Alert>
      {GROUPS.map((group) => {
        // AVATAR-DISCORD-1: Discord-only avatars are offered inside the activity only.
        const offered = avatars.data.filter((a) => !a.discordOnly || inActivity());
        const list = offered.filter((a) =>
          group === 'PRIVATE'
            ? a.visibility === 'PRIVATE' || a.discordOnly
            : a.visibility === group && !a.discordOnly,
        );
        if (list.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`avatars-${group}`}>
            <h3 className="avatar-section-title" id={`avatars-${group}`}>
              {t(`avatars.groups.${group}`)}
            </h3>
            <ul className="avatar-picker">
              {list.map((a) => (
                <li key={a.slug} className="avatar-cell">
                  <button
                    type="button"
                    className={`avatar-choice ${a.lock ? 'is-locked' : ''}`}
                    aria-pressed={wearing === a.slug}
                    aria-disabled={a.lock !== null}
                    data-testid={`avatar-choice-${a.slug}`}
                    title={a.description}
                    onClick={() => {
                      if (!a.lock && wearing !== a.slug) wear.mutate(a.slug);
                    }}
                  >
                    {a.visibility === 'SUBSCRIBER_ONLY' ? (
                      <span className="avatar-tag">{t('avatars.tag.pro')}</span>
                    ) : a.visibility === 'SEASON_AWARD' ? (
                      <span className="avatar-tag">{t('avatars.tag.award')}</span>
                    ) : null}
                    <Figure art={a.art} size={104} dancing={wearing === a.slug} />
                    <span className="avatar-choice-name">{a.name}</span>
                    {wearing === a.slug ? (
                      <span className="avatar-lock">{t('avatars.wearing')}</span>
                    ) : null}
                  </button>
                  {a.lock ? <LockNote avatar={a} /> : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
