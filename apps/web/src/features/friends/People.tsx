import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserProfileDto } from '@tt/protocol';
import { Avatar } from '../../entities/avatar/Avatar';
import { FriendButtons } from './FriendButtons';
import { useProfiles } from './queries';

function PersonRow({ uuid, profile }: { uuid: string; profile?: UserProfileDto }) {
  const { t } = useTranslation();
  const name = profile?.nickname ?? t('friends.someone');
  return (
    <li className="person-row" data-testid="person-row">
      <Link to={`/profile/${uuid}`} className="person-link">
        <Avatar
          name={name}
          picture={profile?.profilePicture}
          color={profile?.color}
          avatarId={profile?.avatarId}
          size={40}
        />
        <span>{name}</span>
      </Link>
      <FriendButtons uuid={uuid} compact />
    </li>
  );
}

/** A titled list of people, each with a link to their profile and the social buttons. */
export function People({
  title,
  uuids,
  empty,
  testId,
  count,
}: {
  title: string;
  uuids: string[];
  empty: string;
  testId: string;
  /** The whole list's size, when only part of it is shown. */
  count?: number;
}) {
  const profiles = useProfiles(uuids);
  return (
    <section className="card friends-section" data-testid={testId}>
      <h2>
        {title} <span className="count">{count ?? uuids.length}</span>
      </h2>
      {uuids.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="people">
          {uuids.map((u) => (
            <PersonRow key={u} uuid={u} profile={profiles.data?.get(u)} />
          ))}
        </ul>
      )}
    </section>
  );
}
