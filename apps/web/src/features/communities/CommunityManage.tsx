import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CommunityDto, RoomDto } from '@tt/protocol';
import { useErrorText } from '../../lib/errors';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { useMyRooms } from '../../entities/room/queries';
import {
  useCommunityRoomMutation,
  useDeleteCommunityMutation,
  useSetMemberMutation,
  useUpdateCommunityMutation,
} from './queries';

const UUID_IN = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** For a community's owner and moderators: its settings, its rooms, adding people, ending it. */
export function CommunityManage({
  community,
  rooms,
}: {
  community: CommunityDto;
  rooms: RoomDto[];
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const owner = community.myRole === 'owner';
  const update = useUpdateCommunityMutation(community.uuid);
  const roomChange = useCommunityRoomMutation(community.uuid);
  const addPerson = useSetMemberMutation(community.uuid);
  const remove = useDeleteCommunityMutation(community.uuid);
  const mine = useMyRooms(true);
  const [form, setForm] = useState({
    name: community.name,
    description: community.description,
    bannerUrl: community.bannerUrl ?? '',
    visibility: community.visibility,
  });
  const [pick, setPick] = useState('');
  const [person, setPerson] = useState('');
  const inIt = new Set(rooms.map((r) => r.uuid));
  const addable = (mine.data ?? []).filter((r) => !inIt.has(r.uuid));

  const save = (e: FormEvent) => {
    e.preventDefault();
    update.mutate({
      name: form.name,
      description: form.description,
      bannerUrl: form.bannerUrl.trim() || null,
      ...(owner ? { visibility: form.visibility } : {}),
    });
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    const uuid = person.match(UUID_IN)?.[0];
    if (uuid)
      addPerson.mutate({ userUuid: uuid, role: 'member' }, { onSuccess: () => setPerson('') });
  };

  return (
    <section className="card stack community-manage" data-testid="community-manage">
      <h2 className="block-title">{t('communities.manage')}</h2>

      <div className="stack stack-tight">
        <h3>{t('communities.addRoomTitle')}</h3>
        {addable.length ? (
          <div className="inline-form">
            <select
              value={pick}
              onChange={(e) => setPick(e.target.value)}
              aria-label={t('communities.addRoomTitle')}
              data-testid="community-room-pick"
            >
              <option value="">{t('communities.pickRoom')}</option>
              {addable.map((r) => (
                <option key={r.uuid} value={r.uuid}>
                  {r.name}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={!pick || roomChange.isPending}
              onClick={() =>
                roomChange.mutate({ roomUuid: pick, add: true }, { onSuccess: () => setPick('') })
              }
              data-testid="community-room-add"
            >
              {t('communities.addRoom')}
            </button>
          </div>
        ) : (
          <p className="muted fine-print">{t('communities.noRoomsToAdd')}</p>
        )}
        {rooms.length ? (
          <ul className="community-room-list">
            {rooms.map((r) => (
              <li key={r.uuid}>
                <span>{r.name}</span>
                <button
                  type="button"
                  className="btn btn-link btn-sm btn-danger-text"
                  onClick={() => roomChange.mutate({ roomUuid: r.uuid, add: false })}
                >
                  {t('communities.takeOut')}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        {roomChange.error ? <Alert>{errorText(roomChange.error)}</Alert> : null}
      </div>

      <form className="stack stack-tight" onSubmit={add}>
        <h3>{t('communities.addPerson')}</h3>
        <div className="inline-form">
          <input
            value={person}
            onChange={(e) => setPerson(e.target.value)}
            placeholder={t('communities.personPlaceholder')}
            aria-label={t('communities.addPerson')}
          />
          <button type="submit" className="btn btn-ghost btn-sm" disabled={!UUID_IN.test(person)}>
            {t('communities.add')}
          </button>
        </div>
        <p className="muted fine-print">{t('communities.personHint')}</p>
        {addPerson.error ? <Alert>{errorText(addPerson.error)}</Alert> : null}
        {addPerson.isSuccess ? <Alert kind="success">{t('communities.personAdded')}</Alert> : null}
      </form>

      <form className="stack stack-tight" onSubmit={save}>
        <h3>{t('communities.settings')}</h3>
        <Field
          label={t('communities.name')}
          value={form.name}
          onChange={(e) => setForm({ ...form, name: e.target.value })}
          required
          minLength={2}
          maxLength={60}
        />
        <Field
          label={t('communities.about')}
          value={form.description}
          onChange={(e) => setForm({ ...form, description: e.target.value })}
          maxLength={1000}
        />
        <Field
          label={t('communities.banner')}
          aside={t('fields.optional')}
          type="url"
          placeholder="https://"
          value={form.bannerUrl}
          onChange={(e) => setForm({ ...form, bannerUrl: e.target.value })}
        />
        {owner ? (
          <label className="check">
            <input
              type="checkbox"
              checked={form.visibility === 'PRIVATE'}
              onChange={(e) =>
                setForm({ ...form, visibility: e.target.checked ? 'PRIVATE' : 'PUBLIC' })
              }
            />
            <span>{t('communities.inviteOnly')}</span>
          </label>
        ) : null}
        {update.error ? <Alert>{errorText(update.error)}</Alert> : null}
        {update.isSuccess ? <Alert kind="success">{t('communities.saved')}</Alert> : null}
        <button type="submit" className="btn btn-primary btn-sm" disabled={update.isPending}>
          {t('communities.save')}
        </button>
      </form>

      {owner ? (
        <div className="danger-zone">
          <button
            type="button"
            className="btn btn-link btn-sm btn-danger-text"
            onClick={() => {
              if (window.confirm(t('communities.endConfirm')))
                remove.mutate(undefined, { onSuccess: () => navigate('/communities') });
            }}
          >
            {t('communities.end')}
          </button>
          {remove.error ? <Alert>{errorText(remove.error)}</Alert> : null}
        </div>
      ) : null}
    </section>
  );
}
