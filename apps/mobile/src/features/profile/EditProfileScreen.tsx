import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OwnProfileDto } from '@tt/protocol';
import { useMe } from '../../lib/session';
import { errorText } from '../auth/errors';
import { Button, Card, ErrorText, Field, Muted, Screen, Title, useTitle } from '../auth/ui';
import { useUpdateProfileMutation } from './queries';
import './i18n';

function EditForm({ me }: { me: OwnProfileDto }) {
  const { t } = useTranslation();
  const [nickname, setNickname] = useState(me.nickname);
  const [firstName, setFirstName] = useState(me.firstName);
  const [lastName, setLastName] = useState(me.lastName);
  const [pronoun, setPronoun] = useState(me.pronoun);
  const save = useUpdateProfileMutation();
  return (
    <Card>
      <Field
        label={t('profile.nickname')}
        value={nickname}
        onChangeText={setNickname}
        autoCapitalize="words"
        testID="edit-nickname"
      />
      <Field
        label={t('profile.firstName')}
        value={firstName}
        onChangeText={setFirstName}
        autoCapitalize="words"
      />
      <Field
        label={t('profile.lastName')}
        value={lastName}
        onChangeText={setLastName}
        autoCapitalize="words"
      />
      <Field label={t('profile.pronoun')} value={pronoun} onChangeText={setPronoun} />
      <ErrorText>{save.error ? errorText(save.error, t('profile.generic')) : null}</ErrorText>
      {save.isSuccess ? <Muted>{t('profile.saved')}</Muted> : null}
      <Button
        label={t('profile.save')}
        busy={save.isPending}
        testID="edit-save"
        onPress={() =>
          save.mutate({
            nickname: nickname.trim(),
            firstName: firstName.trim(),
            lastName: lastName.trim(),
            pronoun: pronoun.trim(),
            displayPronouns: pronoun.trim().length > 0,
          })
        }
      />
    </Card>
  );
}

/** Edits my nickname, names and pronouns (POST /users/profile, partial). */
export function EditProfileScreen() {
  const { t } = useTranslation();
  useTitle(t('profile.edit'));
  const { data } = useMe();
  return (
    <Screen testID="edit-profile-screen">
      <Title>{t('profile.edit')}</Title>
      {data ? <EditForm me={data} /> : <Muted>{t('profile.loading')}</Muted>}
    </Screen>
  );
}
