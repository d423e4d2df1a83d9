import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useErrorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { Avatar } from '../../entities/avatar/Avatar';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { usePublicProfile, useOwnProfile } from '../../entities/user/queries';
import { SocialLinks } from './SocialLinks';
import { isZodiacSign } from './zodiac';
import { FollowButton } from '../friends/FollowButton';
import { FriendButtons } from '../friends/FriendButtons';
import { MessageButton } from '../messages/MessageButton';
import { useStaff } from '../admin/queries';
import { AvatarFigure } from '../../entities/avatar/Figure';
import { ProfilePoints } from '../points/ProfilePoints';

/** A public profile: cover, picture, nickname, pronouns, badges, details and socials. */
export function ProfilePage() {
  const staff = useStaff();
  const { t, i18n } = useTranslation();
  const toText = useErrorText();
  const { id = '' } = useParams();
  const { data: profile, error, isPending } = usePublicProfile(id);
  const { data: me } = useOwnProfile();
  useDocumentTitle(profile?.nickname ?? t('profile.title'));

  if (error) {
    return (
      <div className="container narrow center-page">
        <h1>{t('profile.notFoundTitle')}</h1>
        <Alert>{toText(error)}</Alert>
        <Link className="btn btn-primary" to="/">
          {t('notFound.home')}
        </Link>
      </div>
    );
  }
  if (isPending || !profile) {
    return (
      <div className="container profile-page" aria-busy="true">
        <div className="profile-cover skeleton" />
        <p className="sr-only" role="status">
          {t('common.loading')}
        </p>
      </div>
    );
  }

  const isMe = me?.uuid === profile.uuid;
  const fullName = [profile.firstName, profile.lastName].filter(Boolean).join(' ');
  const since = new Date(profile.createdAt).toLocaleDateString(i18n.language, {
    year: 'numeric',
    month: 'long',
  });
  const zodiac = profile.zodiac
    ? isZodiacSign(profile.zodiac)
      ? t(`zodiac.${profile.zodiac.toLowerCase()}`)
      : profile.zodiac
    : '';

  return (
    <div className="container profile-page" data-testid="profile-page">
      <div
        className="profile-cover"
        style={
          profile.coverPicture
            ? { backgroundImage: `url("${profile.coverPicture}")` }
            : ({ '--user-color': profile.color || 'var(--brand)' } as CSSProperties)
        }
        data-has-picture={Boolean(profile.coverPicture)}
      />
      <section className="profile-head">
        <Avatar
          name={profile.nickname}
          picture={profile.profilePicture}
          color={profile.color}
          size={128}
          className="profile-avatar"
        />
        <AvatarFigure
          avatarId={profile.avatarId}
          size={150}
          className="profile-figure"
          dancing={false}
        />
        <div className="profile-id">
          <h1 data-testid="profile-nickname">{profile.nickname}</h1>
          <p className="profile-sub">
            {profile.displayPronouns && profile.pronoun ? (
              <span className="pronoun" data-testid="profile-pronoun">
                {profile.pronoun}
              </span>
            ) : null}
            {fullName ? <span>{fullName}</span> : null}
          </p>
          <ProfilePoints uuid={profile.uuid} />
          {profile.badges.length > 0 ? (
            <ul className="badges" aria-label={t('profile.badges')}>
              {profile.badges.map((b) => (
                <li key={b} className={`badge badge-${b.toLowerCase()}`}>
                  {t(`badges.${b}`)}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {isMe ? (
          <div className="profile-actions">
            <FollowButton uuid={profile.uuid} />
            <Link className="btn btn-ghost" to="/settings/profile">
              {t('nav.editProfile')}
            </Link>
          </div>
        ) : (
          <div className="profile-actions">
            <FollowButton uuid={profile.uuid} />
            <MessageButton uuid={profile.uuid} className="btn btn-ghost" />
            <FriendButtons uuid={profile.uuid} />
            {staff.isModerator ? (
              <Link
                className="btn btn-ghost"
                to={`/admin/users/${profile.uuid}`}
                data-testid="moderate"
              >
                {t('admin.moderate')}
              </Link>
            ) : null}
          </div>
        )}
      </section>
      <div className="profile-grid">
        <section className="card profile-section" aria-labelledby="about-title">
          <h2 id="about-title">{t('profile.about')}</h2>
          <dl className="facts">
            {profile.songOfTheWeek ? (
              <div>
                <dt>{t('fields.songOfTheWeek')}</dt>
                <dd>{profile.songOfTheWeek}</dd>
              </div>
            ) : null}
            {zodiac ? (
              <div>
                <dt>{t('fields.zodiac')}</dt>
                <dd>{zodiac}</dd>
              </div>
            ) : null}
            <div>
              <dt>{t('profile.memberSince')}</dt>
              <dd>{since}</dd>
            </div>
          </dl>
        </section>
        <SocialLinks profile={profile} />
      </div>
    </div>
  );
}
