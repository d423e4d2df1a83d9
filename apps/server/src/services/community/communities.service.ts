import {
  ADMIN_COMMUNITY_QB_FIELDS,
  MAX_COMMUNITY_ROOMS,
  MAX_OWNED_COMMUNITIES,
  MAX_ROOM_COMMUNITIES,
  RESERVED_ROOM_SLUGS,
  type AdminCreateCommunityReq,
  type CommunityDto,
  type CommunityMemberDto,
  type CommunityRole,
  type CreateCommunityReq,
  type QbQuery,
  type RoomDto,
  type UpdateCommunityReq,
} from '@tt/protocol';
import {
  mayManageCommunity,
  mayRemoveFromCommunity,
  maySetCommunityRole,
  mayViewCommunity,
  slugCandidates,
  slugify,
  type CommunityActor,
  actorFrom,
  can,
  communityActor,
} from '@tt/rules';
import type { AuthContext } from '../../platform/auth';
import { isUniqueViolation } from '../../platform/db/errors';
import { fail } from '../../platform/errors';
import { qbPageOf, qbPlan } from '../../platform/qb';
import {
  ADMIN_COMMUNITY_FIELDS,
  CommunitiesRepository,
  type CommunityRow,
  type CountedCommunity,
  type NewCommunity,
} from './communities.repository';
import { toCommunityDto, toMemberDto } from './communities.dto';
import { requireAccess } from '../../platform/access';
import type { CommunityCore, Viewer } from './core';

/** A community with the viewer's standing in it. */
interface Seen {
  community: CountedCommunity;
  actor: CommunityActor;
}

/** Communities (COMM-* rules in docs/COMMUNITY-RULES.md): pages, members, rooms, admin. */
export class CommunitiesService {
  readonly repo: CommunitiesRepository;

  constructor(private readonly core: CommunityCore) {
    this.repo = new CommunitiesRepository(core.platform.db);
  }

  /** The community as `viewer` may see it (COMM-VIS-1: a private one is "not found" to others). */
  async see(viewer: Viewer, key: string): Promise<Seen> {
    const community = await this.repo.find(key);
    if (!community) throw fail('COMMUNITY_NOT_FOUND');
    const actor = communityActor(
      viewer ? actorFrom(viewer) : null,
      viewer && !viewer.isGuest ? await this.repo.roleOf(community.id, viewer.uuid) : null,
    );
    if (!mayViewCommunity(community.visibility, actor)) throw fail('COMMUNITY_NOT_FOUND');
    return { community, actor };
  }

  private async manage(auth: AuthContext, key: string): Promise<Seen> {
    const seen = await this.see(auth, key);
    requireAccess(auth, 'community.manage', { community: { role: seen.actor.role } });
    return seen;
  }

  private async reload(id: number, viewer: Viewer): Promise<CommunityDto> {
    const [c] = await this.repo.byIds([id]);
    if (!c) throw fail('COMMUNITY_NOT_FOUND');
    const role = viewer && !viewer.isGuest ? await this.repo.roleOf(id, viewer.uuid) : null;
    return toCommunityDto(c, role);
  }

  async dtos(rows: CountedCommunity[], viewer: Viewer): Promise<CommunityDto[]> {
    const roles =
      viewer && !viewer.isGuest
        ? await this.repo.rolesIn(
            rows.map((r) => r.id),
            viewer.uuid,
          )
        : new Map<number, CommunityRole>();
    return rows.map((r) => toCommunityDto(r, roles.get(r.id) ?? null));
  }

  private async freeSlug(name: string): Promise<string> {
    for (const slug of slugCandidates(slugify(name, 'community'))) {
      if (!RESERVED_ROOM_SLUGS.includes(slug) && !(await this.repo.slugTaken(slug))) return slug;
    }
    throw fail('COMMUNITY_SLUG_TAKEN');
  }

  private async checkSlug(slug: string, exceptId?: number): Promise<void> {
    if (RESERVED_ROOM_SLUGS.includes(slug) || (await this.repo.slugTaken(slug, exceptId)))
      throw fail('COMMUNITY_SLUG_TAKEN');
  }

  private async row(body: CreateCommunityReq, ownerUuid: string): Promise<NewCommunity> {
    if (body.slug) await this.checkSlug(body.slug);
    return {
      name: body.name,
      slug: body.slug ?? (await this.freeSlug(body.name)),
      description: body.description ?? '',
      bannerUrl: body.bannerUrl ?? null,
      visibility: body.visibility ?? 'PUBLIC',
      ownerUuid,
    };
  }

  private async insert(rows: NewCommunity[]): Promise<number[]> {
    try {
      return await this.repo.transaction(async (repo) => {
        const ids: number[] = [];
        for (const row of rows) ids.push((await repo.insert(row)).id);
        return ids;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw fail('COMMUNITY_SLUG_TAKEN');
      throw err;
    }
  }

  /** COMM-CREATE-1/2: any signed-in person starts a community and owns it; five at most. */
  async create(auth: AuthContext, body: CreateCommunityReq): Promise<CommunityDto> {
    if (!can(auth, 'community.create.unlimited')) {
      if ((await this.repo.ownedCount(auth.uuid)) >= MAX_OWNED_COMMUNITIES)
        throw fail('COMMUNITY_LIMIT');
    }
    const [id] = await this.insert([await this.row(body, auth.uuid)]);
    return this.reload(id, auth);
  }

  async list(viewer: Viewer, search: string | undefined, limit: number, offset: number) {
    const { rows, total } = await this.repo.publicPage(search, limit, offset);
    return { communities: await this.dtos(rows, viewer), total };
  }

  async get(viewer: Viewer, key: string): Promise<CommunityDto> {
    const { community, actor } = await this.see(viewer, key);
    return toCommunityDto(community, actor.role);
  }

  /** COMM-EDIT-1: owner and moderators edit; only the owner (or an admin) renames its address or visibility. */
  async update(auth: AuthContext, key: string, body: UpdateCommunityReq): Promise<CommunityDto> {
    const { community, actor } = await this.manage(auth, key);
    const ownerOnly =
      (body.slug !== undefined && body.slug !== community.slug) ||
      (body.visibility !== undefined && body.visibility !== community.visibility);
    if (ownerOnly) requireAccess(auth, 'community.owner.act', { community: { role: actor.role } });
    await this.patch(community, body);
    return this.reload(community.id, auth);
  }

  private async patch(community: CommunityRow, body: UpdateCommunityReq): Promise<void> {
    if (body.slug && body.slug !== community.slug) await this.checkSlug(body.slug, community.id);
    try {
      await this.repo.update(community.id, body);
      this.core.listsChanged(); // EVT-LIST-3: its visibility may hide or show events
    } catch (err) {
      if (isUniqueViolation(err)) throw fail('COMMUNITY_SLUG_TAKEN');
      throw err;
    }
  }

  async remove(auth: AuthContext, key: string): Promise<{ success: boolean }> {
    const { community, actor } = await this.see(auth, key);
    requireAccess(auth, 'community.owner.act', { community: { role: actor.role } });
    await this.repo.remove(community.id);
    this.core.listsChanged(); // EVT-LIST-3
    return { success: true };
  }

  async members(viewer: Viewer, key: string, limit: number, offset: number) {
    const { community } = await this.see(viewer, key);
    const { rows, total } = await this.repo.members(community.id, limit, offset);
    return { members: rows.map(toMemberDto), total };
  }

  /** COMM-JOIN-1: anyone signed in joins a public community; COMM-JOIN-2: a private one is invite-only. */
  async join(auth: AuthContext, key: string): Promise<CommunityDto> {
    const { community, actor } = await this.see(auth, key);
    if (actor.role) throw fail('COMMUNITY_ALREADY_MEMBER');
    if (community.visibility === 'PRIVATE') throw fail('COMMUNITY_PRIVATE');
    await this.repo.setRole(community.id, auth.uuid, 'member');
    return this.reload(community.id, auth);
  }

  /** COMM-JOIN-3: anyone but the owner leaves. */
  async leave(auth: AuthContext, key: string): Promise<CommunityDto> {
    const { community, actor } = await this.see(auth, key);
    if (!actor.role) throw fail('COMMUNITY_NOT_MEMBER');
    if (actor.role === 'owner') throw fail('COMMUNITY_OWNER_LEAVES');
    await this.repo.removeMember(community.id, auth.uuid);
    return this.reload(community.id, auth);
  }

  /** COMM-ROLE-2: add someone or change their role; `owner` hands the community over. */
  async setUser(
    auth: AuthContext,
    key: string,
    userUuid: string,
    role: CommunityRole,
  ): Promise<CommunityMemberDto> {
    const { community, actor } = await this.manage(auth, key);
    await this.core.assertUserExists(userUuid);
    const current = await this.repo.roleOf(community.id, userUuid);
    if (!maySetCommunityRole(actor, current, role)) {
      throw fail(
        actor.role === 'moderator' ? 'COMMUNITY_OWNER_ONLY' : 'COMMUNITY_MANAGE_FORBIDDEN',
      );
    }
    if (role !== 'owner' || current === 'owner') {
      return toMemberDto(await this.repo.setRole(community.id, userUuid, role));
    }
    const row = await this.repo.transaction(async (repo) => {
      await repo.setRole(community.id, community.ownerUuid, 'moderator');
      await repo.update(community.id, { ownerUuid: userUuid });
      return repo.setRole(community.id, userUuid, 'owner');
    });
    return toMemberDto(row);
  }

  /** COMM-ROLE-3: take someone out (or yourself: leaving). */
  async removeUser(auth: AuthContext, key: string, userUuid: string) {
    const { community, actor } = await this.see(auth, key);
    const target = await this.repo.roleOf(community.id, userUuid);
    if (!target) throw fail('COMMUNITY_NOT_MEMBER');
    const self = userUuid === auth.uuid;
    if (target === 'owner') throw fail(self ? 'COMMUNITY_OWNER_LEAVES' : 'COMMUNITY_OWNER_ONLY');
    if (!mayRemoveFromCommunity(actor, target, self)) {
      throw fail(mayManageCommunity(actor) ? 'COMMUNITY_OWNER_ONLY' : 'COMMUNITY_MANAGE_FORBIDDEN');
    }
    await this.repo.removeMember(community.id, userUuid);
    return { success: true };
  }

  /**
   * COMM-ROOM-4: a community's rooms, those with people in them first. Members see every room;
   * others only public, listed ones.
   */
  async rooms(viewer: Viewer, key: string, limit: number, offset: number) {
    const { community, actor } = await this.see(viewer, key);
    const all = [...(await this.core.refs(await this.repo.roomIds(community.id))).values()];
    const seen = actor.role || actor.admin ? all : all.filter((r) => r.listed);
    const people = new Map(seen.map((r) => [r.id, this.core.people(r.uuid)]));
    const sorted = [...seen].sort(
      (a, b) => people.get(b.id)! - people.get(a.id)! || a.name.localeCompare(b.name),
    );
    const page = sorted.slice(offset, offset + limit);
    return {
      rooms: await this.core.views(
        page.map((r) => r.id),
        viewer,
      ),
      total: seen.length,
    };
  }

  /** Live rooms (with their roles in force) by uuid, slug or id; each once. */
  private async loadRooms(keys: string[]): Promise<RoomDto[]> {
    const rooms: RoomDto[] = [];
    for (const key of new Set(keys)) rooms.push(await this.core.room(key));
    return [...new Map(rooms.map((r) => [r.id, r])).values()];
  }

  /** COMM-ROOM-1: a community's owner or moderator adds rooms they own or co-own. */
  async addRooms(auth: AuthContext, key: string, roomKeys: string[]) {
    const { community } = await this.manage(auth, key);
    const rooms = await this.loadRooms(roomKeys);
    for (const room of rooms) requireAccess(auth, 'community.rooms.add', { room });
    const present = new Set(await this.repo.roomIds(community.id));
    const fresh = rooms.filter((r) => !present.has(r.id));
    // COMM-ROOM-3
    if (present.size + fresh.length > MAX_COMMUNITY_ROOMS) throw fail('COMMUNITY_ROOM_LIMIT');
    const counts = await this.repo.communityCounts(fresh.map((r) => r.id));
    if (fresh.some((r) => (counts.get(r.id) ?? 0) >= MAX_ROOM_COMMUNITIES))
      throw fail('COMMUNITY_ROOM_LIMIT');
    await this.repo.addRooms(
      community.id,
      fresh.map((r) => r.id),
      auth.uuid,
    );
    this.core.listsChanged(); // EVT-LIST-3
    return { success: true };
  }

  /** COMM-ROOM-2: the community's owner or moderators, or the room's owner and co-owners, take it out. */
  async removeRooms(auth: AuthContext, key: string, roomKeys: string[]) {
    const { community, actor } = await this.see(auth, key);
    const rooms = await this.loadRooms(roomKeys);
    const present = new Set(await this.repo.roomIds(community.id));
    if (rooms.some((r) => !present.has(r.id))) throw fail('COMMUNITY_ROOM_NOT_IN');
    for (const room of rooms) {
      requireAccess(auth, 'community.rooms.remove', { room, community: { role: actor.role } });
    }
    await this.repo.removeRooms(
      community.id,
      rooms.map((r) => r.id),
    );
    this.core.listsChanged(); // EVT-LIST-3
    return { success: true };
  }

  /** The communities a room is in that the viewer may see. */
  async ofRoom(viewer: Viewer, roomKey: string, limit: number, offset: number) {
    const room = await this.core.room(roomKey);
    const all = await this.dtos(await this.repo.ofRoom(room.id), viewer);
    const who = viewer ? actorFrom(viewer) : null;
    const seen = all.filter((c) => mayViewCommunity(c.visibility, communityActor(who, c.myRole)));
    return { communities: seen.slice(offset, offset + limit), total: seen.length };
  }

  async mine(auth: AuthContext, limit: number, offset: number) {
    const { rows, roles, total } = await this.repo.ofUser(auth.uuid, limit, offset);
    return { communities: rows.map((r) => toCommunityDto(r, roles.get(r.id) ?? null)), total };
  }

  // Admin

  async adminList(auth: AuthContext, query: QbQuery) {
    const plan = qbPlan(query, ADMIN_COMMUNITY_FIELDS, {
      selectable: ADMIN_COMMUNITY_QB_FIELDS,
      defaultLimit: 25,
      maxLimit: 100,
      defaultSort: [{ field: 'createdAt', dir: 'DESC' }],
      tiebreaker: 'id',
    });
    const { rows, total } = await this.repo.adminList(plan);
    return qbPageOf(await this.dtos(rows, auth), total, plan);
  }

  async adminGet(auth: AuthContext, key: string): Promise<CommunityDto> {
    return this.get(auth, key);
  }

  async adminCreate(auth: AuthContext, bodies: AdminCreateCommunityReq[]): Promise<CommunityDto[]> {
    const slugs = bodies.map((b) => b.slug).filter(Boolean);
    if (new Set(slugs).size !== slugs.length) throw fail('COMMUNITY_SLUG_TAKEN');
    const rows: NewCommunity[] = [];
    for (const body of bodies) {
      const owner = body.ownerUuid ?? auth.uuid;
      if (owner !== auth.uuid) await this.core.assertUserExists(owner);
      const row = await this.row(body, owner);
      // Two names of one batch that make the same slug: the later one gets a suffix.
      while (rows.some((r) => r.slug === row.slug)) row.slug = `${row.slug}-${rows.length + 1}`;
      rows.push(row);
    }
    const ids = await this.insert(rows);
    return this.dtos(await this.repo.byIds(ids), auth).then((list) =>
      ids.map((id) => list.find((c) => c.id === id)!),
    );
  }

  /** PATCH (some settings) or PUT (all: missing optional ones back to their defaults). */
  async adminUpdate(
    auth: AuthContext,
    key: string,
    body: UpdateCommunityReq & { ownerUuid?: string },
    replace: boolean,
  ): Promise<CommunityDto> {
    const { community } = await this.see(auth, key);
    const { ownerUuid, ...settings } = body;
    const full = replace
      ? {
          description: '',
          bannerUrl: null,
          visibility: 'PUBLIC' as const,
          slug: community.slug,
          ...settings,
        }
      : settings;
    await this.patch(community, full);
    if (ownerUuid && ownerUuid !== community.ownerUuid) {
      await this.setUser(auth, community.uuid, ownerUuid, 'owner');
    }
    return this.reload(community.id, auth);
  }
}
