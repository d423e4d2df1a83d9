import type { CommunityDto, CommunityMemberDto, CommunityRole } from '@tt/protocol';
import type { CountedCommunity, MemberRow } from './communities.repository';

/** What the community routes answer, made from the rows. */

const iso = (d: Date) => d.toISOString();

export function toCommunityDto(c: CountedCommunity, myRole: CommunityRole | null): CommunityDto {
  return {
    id: c.id,
    uuid: c.uuid,
    slug: c.slug,
    name: c.name,
    description: c.description,
    bannerUrl: c.bannerUrl,
    visibility: c.visibility,
    ownerUuid: c.ownerUuid,
    memberCount: c.memberCount,
    roomCount: c.roomCount,
    myRole,
    createdAt: iso(c.createdAt),
    updatedAt: iso(c.updatedAt),
  };
}

export const toMemberDto = (m: MemberRow): CommunityMemberDto => ({
  userUuid: m.userUuid,
  role: m.role,
  joinedAt: iso(m.joinedAt),
});
