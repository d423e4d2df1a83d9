import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { profileEndpoints, SOCIAL_PAGE_MAX, type UserProfileDto } from '@tt/protocol';
import { api } from '../../lib/api';
import { Avatar } from '../../ui/Avatar';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useMe } from '../rooms/room/hooks';
import { FriendButtons } from './FriendButtons';
import {
  useBlockedQuery,
  useFriendsQuery,
  useIncomingInvitationsQuery,
  useOutgoingInvitationsQuery,
} from './queries';

/** Public profiles of these people (at most 100 per call), by uuid. */
function useProfiles(uuids: string[]) {
  return useQuery({
    queryKey: ['profiles', ...uuids],
    queryFn: async () => {
      const out = new Map<string, UserProfileDto>();
      for (let i = 0; i < uuids.length; i += 100) {
        const page = await api.call(profileEndpoints.profiles, {
          query: { users: uuids.slice(i, i + 100) },
        });
        for (const p of page) out.set(p.uuid, p);
      }
      return out;
    },
    enabled: uuids.length > 0,
  });
}

function PersonRow({ uuid, profile }: { uuid: string; profile?: UserProfileDto }) {
  const { t } = useTranslation();
  const name = profile?.nickname ?? t('friends.someone');
  return (
    <li className="person-row" data-testid="person-row">
      <Link to={`/profile/${uuid}`} className="person-link">
        <Avatar name={name} picture={profile?.profilePicture} color={profile?.color} size={40} />
        <span>{name}</span>
      </Link>
      <FriendButtons uuid={uuid} compact />
    </li>
  );
}

function People({
  title,
  uuids,
  empty,
  testId,
}: {
  title: string;
  uuids: string[];
  empty: string;
  testId: string;
}) {
  const profiles = useProfiles(uuids);
  return (
    <section className="card friends-section" data-testid={testId}>
      <h2>
        {title} <span className="count">{uuids.length}</span>
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

/** Friends, invitations in and out, and the people blocked (SOC-* rules). */
export default function FriendsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('friends.title'));
  const me = useMe();
  const [take, setTake] = useState(12);
  const friends = useFriendsQuery(me.uuid ?? '', take);
  const incoming = useIncomingInvitationsQuery();
  const outgoing = useOutgoingInvitationsQuery();
  const blocked = useBlockedQuery();
  const friendUuids = (friends.data?.friends ?? []).map((x) => x.friendUuid);
  const total = friends.data?.total ?? 0;
  return (
    <div className="container friends-page" data-testid="friends-page">
      <h1>{t('friends.title')}</h1>
      <div className="friends-grid">
        <People
          title={t('friends.incoming')}
          uuids={(incoming.data ?? []).map((i) => i.senderUuid)}
          empty={t('friends.noIncoming')}
          testId="friends-incoming"
        />
        <People
          title={t('friends.outgoing')}
          uuids={(outgoing.data ?? []).map((i) => i.receiverUuid)}
          empty={t('friends.noOutgoing')}
          testId="friends-outgoing"
        />
      </div>
      <People
        title={t('friends.yourFriends')}
        uuids={friendUuids}
        empty={t('friends.noFriends')}
        testId="friends-list"
      />
      {friendUuids.length < total ? (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => setTake(Math.min(SOCIAL_PAGE_MAX, take * 2))}
          disabled={take >= SOCIAL_PAGE_MAX}
        >
          {t('friends.more')}
        </button>
      ) : null}
      <People
        title={t('friends.blocked')}
        uuids={(blocked.data ?? []).map((b) => b.blockedUserUuid)}
        empty={t('friends.noBlocked')}
        testId="friends-blocked"
      />
    </div>
  );
}
