import type { FastifyInstance } from 'fastify';
import { communityEndpoints as c, eventEndpoints as e, type EventDto } from '@tt/protocol';
import { BRAND_INFO } from '@tt/rules';
import type { Config } from '../../platform/config';
import { caller } from '../../platform/auth';
import { route } from '../../platform/route';
import type { CommunitiesService } from './communities.service';
import type { EventsService } from './events.service';

/** iCalendar text: backslash, semicolon, comma and newline escaped. */
const icsText = (s: string) => s.replace(/[\\;,]/g, (ch) => `\\${ch}`).replace(/\r?\n/g, '\\n');
const icsTime = (isoTime: string) => isoTime.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let rest = line;
  while (Buffer.byteLength(rest, 'utf8') > 74) {
    let cut = 74;
    while (Buffer.byteLength(rest.slice(0, cut), 'utf8') > 74) cut--;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts.join('\r\n ');
}

/** EVT-ICS-1: one VEVENT with the event's time, name, room and a link back to it. */
export function icsOf(event: EventDto, publicUrl: string, product: string): string {
  const url = `${publicUrl}/events/${event.slug}`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${icsText(product)}//Events//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uuid}@${new URL(publicUrl).host}`,
    `DTSTAMP:${icsTime(event.updatedAt)}`,
    `DTSTART:${icsTime(event.startsAt)}`,
    `DTEND:${icsTime(event.endsAt)}`,
    `SUMMARY:${icsText(event.name)}`,
    `DESCRIPTION:${icsText(`${event.description ? `${event.description}\n\n` : ''}${url}`)}`,
    `LOCATION:${icsText(`${event.roomName} (${product})`)}`,
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

/** The communities and events routes (declared under the room service: /api/room-service). */
export function registerCommunityRoutes(
  app: FastifyInstance,
  communities: CommunitiesService,
  events: EventsService,
  config: Config,
): void {
  const s = communities;
  route(app, c.list, ({ auth, query }) => s.list(auth, query.search, query.limit, query.offset));
  route(app, c.create, ({ request, body }) => s.create(caller(request), body));
  route(app, c.get, ({ auth, params }) => s.get(auth, params.id));
  route(app, c.update, ({ request, params, body }) => s.update(caller(request), params.id, body));
  route(app, c.remove, ({ request, params }) => s.remove(caller(request), params.id));
  route(app, c.users, ({ auth, params, query }) =>
    s.members(auth, params.id, query.limit, query.offset),
  );
  route(app, c.join, ({ request, params }) => s.join(caller(request), params.id));
  route(app, c.leave, ({ request, params }) => s.leave(caller(request), params.id));
  route(app, c.setUser, ({ request, params, body }) =>
    s.setUser(caller(request), params.id, params.userId, body.role),
  );
  route(app, c.removeUser, ({ request, params }) =>
    s.removeUser(caller(request), params.id, params.userId),
  );
  route(app, c.rooms, ({ auth, params, query }) =>
    s.rooms(auth, params.id, query.limit, query.offset),
  );
  for (const def of [c.putRoom, c.addRoom]) {
    route(app, def, ({ request, params }) =>
      s.addRooms(caller(request), params.id, [params.roomId]),
    );
  }
  for (const def of [c.deleteRoom, c.dropRoom]) {
    route(app, def, ({ request, params }) =>
      s.removeRooms(caller(request), params.id, [params.roomId]),
    );
  }
  route(app, c.addRooms, ({ request, params, body }) =>
    s.addRooms(caller(request), params.id, body.rooms),
  );
  route(app, c.removeRooms, ({ request, params, body }) =>
    s.removeRooms(caller(request), params.id, body.rooms),
  );
  route(app, c.ofRoom, ({ auth, params, query }) =>
    s.ofRoom(auth, params.roomId, query.limit, query.offset),
  );
  route(app, c.mine, ({ request, query }) => s.mine(caller(request), query.limit, query.offset));
  route(app, c.adminList, ({ request, query }) => s.adminList(caller(request), query));
  route(app, c.adminGet, ({ request, params }) => s.adminGet(caller(request), params.id));
  route(app, c.adminCreate, async ({ request, body }) => {
    const [created] = await s.adminCreate(caller(request), [body]);
    return created;
  });
  route(app, c.adminBulk, ({ request, body }) => s.adminCreate(caller(request), body.bulk));
  route(app, c.adminPatch, ({ request, params, body }) =>
    s.adminUpdate(caller(request), params.id, body, false),
  );
  route(app, c.adminReplace, ({ request, params, body }) =>
    s.adminUpdate(caller(request), params.id, body, true),
  );
  route(app, c.adminRemove, ({ request, params }) => s.remove(caller(request), params.id));

  route(app, e.list, ({ auth, query }) => events.list(auth, query));
  route(app, e.create, ({ request, body }) => events.create(caller(request), body));
  route(app, e.upcoming, ({ auth, query }) => events.list(auth, { ...query, when: 'upcoming' }));
  route(app, e.bySlug, ({ auth, params }) => events.get(auth, params.slug));
  route(app, e.get, ({ auth, params }) => events.get(auth, params.id));
  route(app, e.update, ({ request, params, body }) =>
    events.update(caller(request), params.id, body),
  );
  route(app, e.remove, ({ request, params }) => events.remove(caller(request), params.id));
  route(app, e.rsvp, ({ request, params }) => events.rsvp(caller(request), params.id, true));
  route(app, e.unrsvp, ({ request, params }) => events.rsvp(caller(request), params.id, false));
  route(app, e.calendar, async ({ auth, params, reply }) => {
    const event = await events.get(auth, params.id);
    reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${event.slug}.ics"`);
    return icsOf(event, config.publicUrl, BRAND_INFO[config.BRAND].title);
  });
  route(app, e.adminList, ({ request, query }) => events.adminList(caller(request), query));
  route(app, e.adminGet, ({ request, params }) => events.adminGet(caller(request), params.id));
}
