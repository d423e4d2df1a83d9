import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SOCIAL_PAGE_MAX } from '@tt/protocol';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useMe } from '../../entities/room/hooks';
import { People } from './People';
import {
  useBlockedQuery,
  useFriendsQuery,
  useIncomingInvitationsQuery,
  useOutgoingInvitationsQuery,
} from './queries';

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
      <div className="notif-page-head">
        <h1>{t('friends.title')}</h1>
        <Link className="btn btn-primary btn-sm" to="/friends/find" data-testid="find-friends-link">
          {t('findFriends.title')}
        </Link>
      </div>
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
