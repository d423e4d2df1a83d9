import pg from 'pg';
import { notificationCentreEndpoints } from '@tt/protocol';
import { api, retrying } from './http';
import type { Check } from './checks';

/**
 * Notifications: each delivered once (docs/NOTIFICATION-RULES.md). A chat bot mentions one listener
 * in some of its room messages (NOTIFY-CHAT-2), so each such message stored is one cause of one
 * notification — made by a work event that may be retried across a kill or a restart
 * (NOTIFY-ONCE-1, NOTIFY-ONCE-2). Checked in the soak's database (each mention notification traced
 * through its event to the message that caused it) and in the person's notification centre over
 * HTTP (GET /notifications, every page).
 */
export async function checkNotifications(
  base: string,
  dbUrl: string,
  roomUuid: string,
  mentioned: { uuid: string; token: string },
  marker: string,
): Promise<Check[]> {
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  let causes, made;
  try {
    // The room's stored messages that mention the person (the bot marks them in their text).
    causes = await db.query<{ id: string; text: string }>(
      `SELECT id::text, text FROM chat_messages WHERE receiver = $1 AND text LIKE $2`,
      [roomUuid, `%${marker}%`],
    );
    // The person's mention notifications, each with the message its event was about.
    made = await db.query<{ id: string; message_id: string | null }>(
      `SELECT n.id::text, e.payload->>'messageId' AS message_id
         FROM notifications n
         LEFT JOIN outbox_events e ON e.event_id::text = split_part(n.event_id, ':', 1)
        WHERE n.user_uuid = $1 AND n.kind = 'mention'`,
      [mentioned.uuid],
    );
  } finally {
    await db.end();
  }
  const perMessage = new Map<string, number>();
  for (const n of made.rows) {
    const m = n.message_id ?? '(no event)';
    perMessage.set(m, (perMessage.get(m) ?? 0) + 1);
  }
  const lost = causes.rows.filter((c) => !perMessage.has(c.id)).map((c) => c.text);
  const twice = [...perMessage].filter(([, n]) => n > 1).map(([m]) => m);
  const ids = new Set(causes.rows.map((c) => c.id));
  const strays = [...perMessage.keys()].filter((m) => !ids.has(m));

  // The centre over HTTP: every page of the person's notifications.
  const listed: string[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await retrying(() =>
      api(base, mentioned.token).call(notificationCentreEndpoints.list, {
        query: { limit: 100, unreadOnly: 'false', ...(before ? { before } : {}) },
      }),
    );
    for (const n of page.notifications) if (n.kind === 'mention') listed.push(n.id);
    if (!page.next) break;
    before = page.next;
  }
  const listedOnce = new Set(listed);
  const list = (xs: unknown[]) => (xs.length ? ` (${xs.slice(0, 5).join('; ')})` : '');
  return [
    {
      name: 'notifications: every mention made one notification, none lost, none twice',
      ok: lost.length === 0 && twice.length === 0 && strays.length === 0,
      detail: `${causes.rows.length} messages stored mentioning one listener, ${made.rows.length} mention notifications, ${lost.length} without one${list(lost)}, ${twice.length} with more than one, ${strays.length} not traced to a message${list(strays)}`,
    },
    {
      name: "notifications: the person's notification centre lists each once",
      ok: listed.length === made.rows.length && listedOnce.size === listed.length,
      detail: `${listed.length} listed over HTTP (${listedOnce.size} distinct), ${made.rows.length} stored`,
    },
  ];
}
