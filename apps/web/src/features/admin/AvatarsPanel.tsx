import { useTranslation } from 'react-i18next';
import { AvatarVisibility, type AvatarDto } from '@tt/protocol';
import { ErrorAlert } from '../../ui/Alert';
import { Figure } from '../../entities/avatar/Figure';
import { useAdminAvatarsQuery, useUpdateAvatarMutation } from './game-queries';

/** STAFF-AVATARS-1: the catalogue — who may wear each avatar, and which season ranks earn it. */
export function AvatarsPanel() {
  const { t } = useTranslation();
  const avatars = useAdminAvatarsQuery();
  return (
    <section className="card" data-testid="admin-avatars">
      <h2>{t('admin.avatars.title', { count: avatars.data?.total ?? 0 })}</h2>
      <p className="muted">{t('admin.avatars.lead')}</p>
      <ErrorAlert error={avatars.error} />
      <ul className="admin-avatars">
        {(avatars.data?.data ?? []).map((a) => (
          <AvatarRow key={a.id} avatar={a} />
        ))}
      </ul>
    </section>
  );
}

function AvatarRow({ avatar }: { avatar: AvatarDto }) {
  const { t } = useTranslation();
  const update = useUpdateAvatarMutation();
  return (
    <li className="admin-avatar" data-testid="admin-avatar-row">
      <Figure art={avatar.art} size={72} />
      <div className="admin-avatar-text">
        <strong>{avatar.name}</strong>
        <small className="muted">
          {avatar.slug}
          {avatar.discordOnly ? ` · ${t('admin.avatars.discordOnly')}` : ''}
        </small>
        <label className="field">
          <span className="sr-only">{t('admin.avatars.visibility')}</span>
          <select
            value={avatar.visibility}
            disabled={update.isPending}
            onChange={(e) =>
              update.mutate({
                id: avatar.id,
                body: { visibility: e.target.value as AvatarVisibility },
              })
            }
            data-testid={`avatar-visibility-${avatar.slug}`}
          >
            {AvatarVisibility.options.map((v) => (
              <option key={v} value={v}>
                {t(`admin.avatars.visibilities.${v}`)}
              </option>
            ))}
          </select>
        </label>
        {avatar.visibility === 'SEASON_AWARD' && avatar.awardTopRank ? (
          <small className="muted">{t('admin.avatars.award', { rank: avatar.awardTopRank })}</small>
        ) : null}
        <ErrorAlert error={update.error} />
      </div>
    </li>
  );
}
