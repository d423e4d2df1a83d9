import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../ui/Field';
import type { ProfileDraft, SetDraft } from './draft';
import { ZODIAC_SIGNS } from './zodiac';

const PRONOUN_SUGGESTIONS = ['she/her', 'he/him', 'they/them', 'she/they', 'he/they'];

/** Nickname, names, pronouns, zodiac and song of the week. */
export function AboutFields({ draft, set }: { draft: ProfileDraft; set: SetDraft }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="form-grid">
      <Field
        className="span-2"
        label={t('fields.nickname')}
        name="nickname"
        required
        maxLength={40}
        value={draft.nickname}
        onChange={(e) => set('nickname', e.target.value)}
        hint={t('editProfile.nicknameHint')}
      />
      <Field
        label={t('fields.firstName')}
        name="firstName"
        autoComplete="given-name"
        maxLength={60}
        value={draft.firstName}
        onChange={(e) => set('firstName', e.target.value)}
      />
      <Field
        label={t('fields.lastName')}
        name="lastName"
        autoComplete="family-name"
        maxLength={60}
        value={draft.lastName}
        onChange={(e) => set('lastName', e.target.value)}
      />
      <Field
        label={t('fields.pronoun')}
        name="pronoun"
        maxLength={40}
        list={`${id}-pronouns`}
        placeholder="they/them"
        value={draft.pronoun}
        onChange={(e) => set('pronoun', e.target.value)}
      />
      <datalist id={`${id}-pronouns`}>
        {PRONOUN_SUGGESTIONS.map((p) => (
          <option key={p} value={p} />
        ))}
      </datalist>
      <div className="field">
        <label htmlFor={`${id}-zodiac`}>{t('fields.zodiac')}</label>
        <select
          id={`${id}-zodiac`}
          name="zodiac"
          value={draft.zodiac}
          onChange={(e) => set('zodiac', e.target.value)}
        >
          <option value="">{t('zodiac.none')}</option>
          {ZODIAC_SIGNS.map((z) => (
            <option key={z} value={z}>
              {t(`zodiac.${z}`)}
            </option>
          ))}
          {draft.zodiac && !(ZODIAC_SIGNS as readonly string[]).includes(draft.zodiac) ? (
            <option value={draft.zodiac}>{draft.zodiac}</option>
          ) : null}
        </select>
      </div>
      <label className="check span-2">
        <input
          type="checkbox"
          name="displayPronouns"
          checked={draft.displayPronouns}
          onChange={(e) => set('displayPronouns', e.target.checked)}
        />
        <span>{t('fields.displayPronouns')}</span>
      </label>
      <Field
        className="span-2"
        label={t('fields.songOfTheWeek')}
        name="songOfTheWeek"
        maxLength={200}
        placeholder={t('editProfile.songPlaceholder')}
        value={draft.songOfTheWeek}
        onChange={(e) => set('songOfTheWeek', e.target.value)}
      />
    </div>
  );
}
