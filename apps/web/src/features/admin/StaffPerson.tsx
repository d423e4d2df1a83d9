import { Link } from 'react-router';
import type { UserProfileDto } from '@tt/protocol';
import { Avatar } from '../../entities/avatar/Avatar';

/** A person in a console list: their picture and nickname, leading to their console page. */
export function StaffPerson({
  uuid,
  profile,
}: {
  uuid: string;
  profile: Pick<UserProfileDto, 'nickname' | 'profilePicture' | 'color'> | undefined;
}) {
  return (
    <Link to={`/admin/users/${uuid}`} className="staff-person">
      <Avatar
        name={profile?.nickname ?? '?'}
        picture={profile?.profilePicture}
        color={profile?.color}
        size={28}
      />
      <span>{profile?.nickname ?? uuid.slice(0, 8)}</span>
    </Link>
  );
}
