import type { RoomDto } from '@tt/protocol';

/** Someone is in it, or a DJ is on: the room is live right now. */
export const isLiveNow = (room: RoomDto): boolean =>
  (room.numberOfUsersInRoom ?? 0) > 0 || (room.numberOfActiveDjs ?? 0) > 0 || !!room.song;

/**
 * The rooms to show: promoted and public together without repeats, live ones first (fullest
 * first), then the rest as the server ordered them; `search` keeps those whose name, slug or song
 * matches.
 */
export function roomsToShow(promoted: RoomDto[], publicRooms: RoomDto[], search = ''): RoomDto[] {
  const seen = new Set<string>();
  const all = [...promoted, ...publicRooms].filter((room) => {
    if (seen.has(room.uuid)) return false;
    seen.add(room.uuid);
    return true;
  });
  const term = search.trim().toLowerCase();
  const matching = term
    ? all.filter((room) =>
        [room.name, room.slug, room.song?.artistName, room.song?.trackName].some((v) =>
          v?.toLowerCase().includes(term),
        ),
      )
    : all;
  return matching
    .map((room, index) => ({ room, index }))
    .sort((a, b) => {
      const live = Number(isLiveNow(b.room)) - Number(isLiveNow(a.room));
      if (live !== 0) return live;
      const people = (b.room.numberOfUsersInRoom ?? 0) - (a.room.numberOfUsersInRoom ?? 0);
      return people !== 0 ? people : a.index - b.index;
    })
    .map(({ room }) => room);
}

/** Opens a room from a link: `<scheme>://rooms/<slug>` or `https://<host>/rooms/<slug>`. */
export function slugFromLink(link: string): string | null {
  const match = /(?:^|\/)rooms\/([A-Za-z0-9_-]+)\/?(?:[?#].*)?$/.exec(link.trim());
  return match ? match[1].toLowerCase() : null;
}
