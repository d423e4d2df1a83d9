import { randomUUID } from 'node:crypto';
import type { DomainEvents } from '../../platform/events';
import { orderKeyOf } from '../../platform/outbox/order';
import type { Outbox } from '../../platform/outbox/outbox';
import type { ChatRepository } from './repository';
import type { ChatMessageRow, NewChatMessageRow } from './schema';
import type { PendingEvent } from './turn-write';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Messages stored by one statement at most. */
const MAX_BATCH = 500;

type Stored = { row: ChatMessageRow; created: boolean };
interface Pending {
  row: NewChatMessageRow;
  resolve: (stored: Stored) => void;
  reject: (err: unknown) => void;
}

/**
 * CHAT-SEND-3: the sends of one turn of the event loop are stored together — one statement
 * (turn-write.ts) writes all their rows, their work events (CHAT-ANALYTICS-1) and the senders'
 * read marks, atomically — and each send is answered only once it is done, so an answered message
 * is never lost. One batch is written at a time: ids grow in the order the messages were
 * accepted. A batch that fails is tried again one message at a time, so one bad row refuses only
 * itself.
 */
export class ChatSendBatch {
  private queue: Pending[] = [];
  private scheduled = false;
  private running = false;

  constructor(
    private readonly repo: ChatRepository,
    private readonly outbox: Outbox,
  ) {}

  /** Stores the message (or answers the stored one of a repeated client id, CHAT-IDEMP-1). */
  store(row: NewChatMessageRow): Promise<Stored> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      if (this.scheduled || this.running) return;
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.run();
      });
    });
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.takeBatch();
        await this.flush(batch);
      }
    } finally {
      this.running = false;
    }
  }

  /**
   * The next batch: at most one row per (sender, client id) — a repeat waits for the next batch,
   * where it finds the first one stored.
   */
  private takeBatch(): Pending[] {
    const seen = new Set<string>();
    const batch: Pending[] = [];
    const rest: Pending[] = [];
    for (const p of this.queue) {
      const key = p.row.clientId ? `${p.row.sender}|${p.row.clientId}` : null;
      if (batch.length >= MAX_BATCH || (key && seen.has(key))) rest.push(p);
      else {
        if (key) seen.add(key);
        batch.push(p);
      }
    }
    this.queue = rest;
    return batch;
  }

  private async flush(batch: Pending[]): Promise<void> {
    try {
      const stored = await this.write(batch.map((p) => p.row));
      batch.forEach((p, i) => p.resolve(stored[i]));
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      for (const p of batch) await this.flush([p]);
    }
  }

  /** One statement: the rows, their work events and the senders' read marks (they read their own). */
  private async write(rows: NewChatMessageRow[]): Promise<Stored[]> {
    const events = rows.map((row): PendingEvent => {
      const facts = chatMessageFacts(row);
      return { eventId: facts.eventId, facts, orderKey: orderKeyOf(TOPIC, facts as Sent) };
    });
    const stored = await this.repo.insertTurn(rows, events, TOPIC);
    if (stored.some((s) => s.created)) this.outbox.kick();
    return stored;
  }
}

const TOPIC = 'chat.messageSent';
type Sent = DomainEvents[typeof TOPIC];

/**
 * CHAT-ANALYTICS-1: what analytics learns of a message: its shape, never its words. Its id and
 * time are added by the statement that stores it.
 */
function chatMessageFacts(row: NewChatMessageRow): Omit<Sent, 'messageId' | 'sentAt'> {
  const chat = (row.metadata?.chatMessage ?? {}) as Record<string, unknown>;
  const count = (v: unknown) => (Array.isArray(v) ? v.length : 0);
  const message = chat.message;
  return {
    eventId: randomUUID(),
    roomUuid: row.receiverType === 'group' ? row.receiver : null,
    senderUuid: row.sender,
    category: row.category,
    type: row.type,
    length: typeof row.text === 'string' ? row.text.length : 0,
    mentions: count(chat.mentions),
    images: count(chat.imageUrls) || count(row.attachments),
    songs: count(chat.songs),
    gif:
      typeof message === 'object' &&
      message !== null &&
      (message as { type?: unknown }).type === 'gif',
    reply: chat.replies !== undefined && chat.replies !== null,
    receiverUuid: row.receiverType === 'user' ? row.receiver : null,
    mentionedUuids: mentionedUuids(chat.mentions),
  };
}

/** NOTIFY-CHAT-2: the accounts a message mentions (well-formed uuids, each once, at most 20). */
function mentionedUuids(mentions: unknown): string[] {
  if (!Array.isArray(mentions)) return [];
  const out = new Set<string>();
  for (const m of mentions) {
    const u = (m as { userUuid?: unknown } | null)?.userUuid;
    if (typeof u === 'string' && UUID_RE.test(u)) out.add(u.toLowerCase());
  }
  return [...out].slice(0, 20);
}
