import { inForceAt, type RoleRow } from './roles.repository';
import type { RoomRow } from './rooms.repository';

/** Past this many rooms a process forgets what it kept and starts again. */
const MOST_KEPT = 5_000;

/** What a list answers its rooms from: their rows, and the roles in force by room id. */
export interface ListedRooms {
  rows: RoomRow[];
  roles: Map<number, RoleRow[]>;
}

type Loader = (ids: number[]) => Promise<{ rows: RoomRow[]; roles: Map<number, RoleRow[]> }>;

/**
 * ROOM-LIST-3: the rows of the rooms a list has shown and every role of theirs (expired ones too,
 * so a role that ends by its time leaves the answer without any write), kept while the content
 * version (bumped in the same transaction as any write of rooms or room roles) stays the same.
 * The version is read before the rooms, so a write committed between the two makes the next
 * read load them again: nothing older than what the version promised is ever answered.
 */
export class KeptRooms {
  private content = -1;
  private kept = new Map<number, { row: RoomRow | null; roles: RoleRow[] }>();

  constructor(private readonly load: Loader) {}

  /** The rooms of `ids` that exist (in that order), as of `content` or newer. */
  async get(content: number | null, ids: number[], now = new Date()): Promise<ListedRooms> {
    if (content !== null && content > this.content) {
      this.content = content;
      this.kept.clear();
    }
    const keep = content !== null && content === this.content;
    const missing = keep ? ids.filter((id) => !this.kept.has(id)) : ids;
    const found = new Map<number, { row: RoomRow | null; roles: RoleRow[] }>();
    if (missing.length) {
      const { rows, roles } = await this.load(missing);
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of missing) {
        found.set(id, { row: byId.get(id) ?? null, roles: roles.get(id) ?? [] });
      }
      // Kept only if no newer version came meanwhile (another request cleared what it held).
      if (keep && this.content === content) {
        if (this.kept.size + missing.length > MOST_KEPT) this.kept.clear();
        for (const [id, entry] of found) this.kept.set(id, entry);
      }
    }
    const out: ListedRooms = { rows: [], roles: new Map() };
    for (const id of ids) {
      const entry = found.get(id) ?? this.kept.get(id);
      if (!entry?.row) continue;
      out.rows.push(entry.row);
      out.roles.set(id, inForceAt(entry.roles, now));
    }
    return out;
  }
}
