import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OwnProfileDto } from '@tt/protocol';
import { queryClient } from '../../lib/queryClient';
import { useErrorText } from '../../lib/errors';
import { useSubmit } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { SubmitButton } from '../../ui/SubmitButton';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { AvatarPicker } from '../avatars/AvatarPicker';
import { AboutFields } from './AboutFields';
import { ColorPicker } from './ColorPicker';
import { draftFrom, type ProfileDraft, type SetDraft } from './draft';
import { ImageUpload } from './ImageUpload';
import { ownProfileKey, useOwnProfile } from '../../entities/user/queries';
import { useSaveProfileMutation } from './queries';
import { SocialFields } from './SocialFields';

/** /settings/profile: pictures, about, colour and socials of the signed-in user. */
export function ProfileEditPage() {
  const { t } = useTranslation();
  const toText = useErrorText();
  const { data: profile, error } = useOwnProfile();
  useDocumentTitle(t('editProfile.title'));

  if (error) {
    return (
      <div className="container narrow">
        <Alert>{toText(error)}</Alert>
      </div>
    );
  }
  if (!profile) {
    return (
      <div className="container narrow center-page" aria-busy="true">
        <p className="muted loading-line" role="status">
          <span className="spinner" aria-hidden="true" /> {t('common.loading')}
        </p>
      </div>
    );
  }
  return <ProfileEditForm profile={profile} key={profile.uuid} />;
}

function ProfileEditForm({ profile }: { profile: OwnProfileDto }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFrom(profile));

  const save = useSubmit(
    useSaveProfileMutation(),
    () => {
      const { instagram, tiktok, twitter, facebook, snapchat, ...fields } = draft;
      return { fields, socials: { instagram, tiktok, twitter, facebook, snapchat } };
    },
    (updated) => setDraft(draftFrom(updated)),
  );

  const set: SetDraft = (key, value) => {
    setDraft((d) => ({ ...d, [key]: value }));
    save.reset();
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!draft.nickname.trim()) save.setError(t('editProfile.nicknameRequired'));
    else void save.submit();
  };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: ownProfileKey });

  return (
    <div className="container edit-page">
      <div className="page-head">
        <div>
          <h1>{t('editProfile.title')}</h1>
          <p className="muted">{t('editProfile.lead')}</p>
        </div>
        <Link className="btn btn-ghost" to={`/profile/${profile.uuid}`}>
          {t('editProfile.view')}
        </Link>
      </div>

      <section className="card edit-section" aria-labelledby="pictures-title">
        <h2 id="pictures-title">{t('editProfile.pictures')}</h2>
        <div className="pictures">
          <ImageUpload
            kind="profilePicture"
            current={profile.profilePicture}
            label={t('images.profilePicture')}
            onUploaded={refresh}
          />
          <ImageUpload
            kind="coverPicture"
            current={profile.coverPicture}
            label={t('images.coverPicture')}
            onUploaded={refresh}
          />
        </div>
      </section>

      <section className="card edit-section" aria-labelledby="avatar-edit-title">
        <h2 id="avatar-edit-title">{t('avatars.title')}</h2>
        <p className="field-hint">{t('avatars.lead')}</p>
        <AvatarPicker current={profile.avatarId} />
      </section>

      <form onSubmit={onSubmit} noValidate data-testid="profile-form">
        <section className="card edit-section" aria-labelledby="about-edit-title">
          <h2 id="about-edit-title">{t('editProfile.about')}</h2>
          <AboutFields draft={draft} set={set} />
        </section>
        <section className="card edit-section">
          <ColorPicker value={draft.color} onChange={(c) => set('color', c)} />
        </section>
        <section className="card edit-section" aria-labelledby="socials-edit-title">
          <h2 id="socials-edit-title">{t('profile.socials')}</h2>
          <p className="field-hint">{t('editProfile.socialsHint')}</p>
          <SocialFields draft={draft} set={set} />
        </section>
        <div className="save-bar">
          <div className="save-bar-inner">
            <Alert testId="profile-error">{save.error}</Alert>
            {save.phase === 'submitted' ? (
              <span className="saved-note" role="status">
                {t('editProfile.savedNote')}
              </span>
            ) : null}
            <SubmitButton
              className="btn btn-primary"
              phase={save.phase}
              idle={t('editProfile.save')}
              submitting={t('editProfile.saving')}
              submitted={t('editProfile.saved')}
              testId="profile-save"
            />
          </div>
        </div>
      </form>
    </div>
  );
}
