import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { rawQuery, type Db } from '../../platform/db/index';
import { insertEventsFrom } from '../../platform/outbox/rows';
import { chatMessages, type ChatMessageRow, type NewChatMessageRow } from './schema';
import { ISO_FORMAT } from '../../platform/db/iso-text';

/** What the work event of one message holds before its row exists (no id, no time yet). */
export interface PendingEvent {
  eventId: string;
  /** The payload less `messageId` and `sentAt`, which the statement adds from the stored row. */
  facts: Record<string, unknown>;
  orderKey: string | null;
}

/** The columns a send gives (the id, the times and the edit and delete marks are the table's). */
const GIVEN = Object.entries(getTableColumns(chatMessages)).filter(
  ([key]) => !['id', 'sentAt', 'updatedAt', 'editedAt', 'deletedAt', 'deletedBy'].includes(key),
) as [keyof NewChatMessageRow, PgColumn][];
const ALL = Object.entries(getTableColumns(chatMessages)) as [keyof ChatMessageRow, PgColumn][];

/** One column of every row, as the driver takes it (json as text, a missing value its default). */
function columnOf(rows: NewChatMessageRow[], key: keyof NewChatMessageRow, col: PgColumn) {
  const json = col.getSQLType() === 'jsonb';
  return rows.map((r) => {
    const v = r[key] ?? (col.hasDefault ? col.default : null) ?? null;
    return json && v !== null ? JSON.stringify(v) : v;
  });
}

/** A stored row from the driver (snake_case, times as text or Date) to the table's row type. */
function rowOf(raw: Record<string, unknown>): ChatMessageRow {
  const out: Record<string, unknown> = {};
  for (const [key, col] of ALL) {
    const v = raw[col.name];
    out[key] =
      v === null || v === undefined || v instanceof Date ? (v ?? null) : col.mapFromDriverValue(v);
  }
  return out as ChatMessageRow;
}

/** The statement's text, made once: only its parameters (one array per column) change. */
function statementText(): string {
  const topicParam = `$${GIVEN.length + 4}`;
  const names = GIVEN.map(([, col]) => `"${col.name}"`).join(', ');
  const arrays = GIVEN.map(([, col], i) => `$${i + 1}::${col.getSQLType()}[]`);
  const n = GIVEN.length;
  arrays.push(`$${n + 1}::uuid[]`, `$${n + 2}::jsonb[]`, `$${n + 3}::text[]`);
  const sentAt = `to_char(m.sent_at at time zone 'UTC', ${ISO_FORMAT})`;
  return `
    with input as (
      select nextval(pg_get_serial_sequence('chat_messages', 'id')) as id, u.*
      from unnest(${arrays.join(', ')})
        with ordinality as u(${names}, event_id, facts, order_key, n)
      order by u.n
    ), m as (
      insert into chat_messages (id, ${names})
      select id, ${names} from input order by id
      on conflict do nothing
      returning *
    ), o as (
      ${insertEventsFrom(`
        select i.event_id, ${topicParam}::text,
          i.facts || jsonb_build_object('messageId', m.id::text, 'sentAt', ${sentAt}),
          i.order_key
        from m join input i on i.id = m.id`)}
    ), r as (
      insert into chat_reads (uid, conversation_id, last_read_id)
      select m.sender, m.conversation_id, max(m.id) from m group by m.sender, m.conversation_id
      order by m.sender, m.conversation_id -- one lock order for every process's batch
      on conflict (uid, conversation_id) do update
        set last_read_id = greatest(chat_reads.last_read_id, excluded.last_read_id),
          updated_at = now()
    )
    select * from m order by id`;
}

const STATEMENT = statementText();

/**
 * CHAT-SEND-3: a turn's messages, their work events and the senders' read marks in ONE statement
 * (atomic on its own: no BEGIN and COMMIT, one round trip instead of five). The rows go in as one
 * array per column, so the statement's text is made once and is the same for one message or five
 * hundred (no query builder runs per send). Ids are taken from the table's sequence in the order
 * given, so a work event finds its message by id; a repeated (sender, client id) stores nothing
 * and gets no event. The event's `messageId` and `sentAt` come from the stored row; the events go
 * in through the outbox's own INSERT (WORK-OUTBOX-1). Answers the stored rows in id order.
 */
export async function insertTurn(
  db: Db,
  rows: NewChatMessageRow[],
  events: PendingEvent[],
  topic: string,
): Promise<ChatMessageRow[]> {
  const params: unknown[] = GIVEN.map(([key, col]) => columnOf(rows, key, col));
  params.push(
    events.map((e) => e.eventId),
    events.map((e) => JSON.stringify(e.facts)),
    events.map((e) => e.orderKey),
    topic,
  );
  const result = await rawQuery(db, STATEMENT, params);
  return result.rows.map(rowOf);
}
