import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field';
import type { ProfileDraft, SetDraft } from './draft';
import { SOCIAL_NAMES, SOCIALS } from './socials';

/** Handles (or profile URLs) on other networks. */
export function SocialFields({ draft, set }: { draft: ProfileDraft; set: SetDraft }) {
  const { t } = useTranslation();
  return (
    <div className="form-grid">
      {SOCIALS.map((network) => (
        <Field
          key={network}
          label={SOCIAL_NAMES[network]}
          name={network}
          maxLength={100}
          placeholder={t('editProfile.handlePlaceholder')}
          autoCapitalize="off"
          spellCheck={false}
          value={draft[network]}
          onChange={(e) => set(network, e.target.value)}
        />
      ))}
    </div>
  );
}
