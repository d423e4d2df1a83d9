import type { DomainEvents } from '../../platform/events';
import type { Db } from '../../platform/db/index';
import type { Platform } from '../../platform/service';
import type { NewAnalyticsEventRow } from './schema';
import type { AnalyticsService } from './service';

const FLUSH_MS = 100;
const FLUSH_AT = 200;

/**
 * CHAT-ANALYTICS-1: the chat service’s events become the analytics topics `chatMessage` and
 * `chatMessageReaction`, stamped with the user who wrote or reacted. They arrive by work delivery
 * (WORK-DELIVERY-1: one consumer, at least once); the event's id is stored as the play id, so a
 * second delivery records nothing new. A relay of this process writes them in its own transaction,
 * a batch per pass, with no job (WORK-DELIVERY-7).
 */
export function recordChatAnalytics(
  platform: Pick<Platform, 'outbox'>,
  analytics: AnalyticsService,
): () => Promise<void> {
  // Rows are stored in batches (one insert per FLUSH_MS however fast the chat runs); each
  // delivery waits for its batch, so a failed insert fails the delivery and it is retried.
  let pending: NewAnalyticsEventRow[] = [];
  let batch: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let release: (() => void) | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    release?.();
  };
  const store = (row: NewAnalyticsEventRow): Promise<void> => {
    pending.push(row);
    batch ??= new Promise<void>((resolve) => {
      release = resolve;
      timer = setTimeout(flush, FLUSH_MS);
    }).then(async () => {
      const rows = pending;
      pending = [];
      batch = null;
      release = null;
      await analytics.repo.insertNew(rows);
    });
    const mine = batch;
    if (pending.length >= FLUSH_AT) flush();
    return mine;
  };
  // WORK-DELIVERY-7: in the relay's transaction, one insert per pass.
  const write = async (tx: Db, rows: NewAnalyticsEventRow[]) => {
    await analytics.repo.insertNew(rows, tx);
  };
  platform.outbox.consume('chat.messageSent', 'audit.chat-message', (e) => store(messageRow(e)), {
    // WORK-DELIVERY-5: the play id is the event's id, unique: a repeat stores nothing.
    keyedByEvent: true,
    inRelay: (tx, events) =>
      write(
        tx,
        events.map((e) => messageRow(e.payload)),
      ),
  });
  platform.outbox.consume(
    'chat.reactionChanged',
    'audit.chat-reaction',
    (e) => store(reactionRow(e)),
    {
      keyedByEvent: true,
      inRelay: (tx, events) =>
        write(
          tx,
          events.map((e) => reactionRow(e.payload)),
        ),
    },
  );
  return async () => {
    flush();
    await batch?.catch(() => {});
  };
}

function row(
  topic: 'chatMessage' | 'chatMessageReaction',
  userUuid: string,
  eventId: string,
  occurredAt: string,
  payload: Record<string, unknown>,
): NewAnalyticsEventRow {
  return {
    topic,
    userUuid,
    isGuest: false,
    playId: eventId,
    payload,
    occurredAt: new Date(occurredAt),
  };
}

function messageRow(e: DomainEvents['chat.messageSent']): NewAnalyticsEventRow {
  // Who it went to and who it mentions are not analytics' business.
  const { eventId, senderUuid, sentAt, receiverUuid: _to, mentionedUuids: _m, ...facts } = e;
  return row('chatMessage', senderUuid, eventId, sentAt, facts);
}

function reactionRow(e: DomainEvents['chat.reactionChanged']): NewAnalyticsEventRow {
  const { eventId, userUuid, at, ...facts } = e;
  return row('chatMessageReaction', userUuid, eventId, at, facts);
}
