import { create } from 'zustand';
import type { CometMessage } from '@tt/protocol';
import { toggleReaction, upsertItems } from '@tt/rules';
import { toChatItem, type ChatItem } from './model';

/**
 * The messages of each open conversation (key: `group:<room uuid>` or `user:<uid>`), merged from
 * history pages, the chat socket and local sends (CHAT-MERGE-1: no duplicates by uuid, at most
 * 300 new at a time, reported messages hidden).
 */
export interface Conversation {
  items: ChatItem[];
  loaded: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
}

const EMPTY: Conversation = { items: [], loaded: false, hasOlder: false, loadingOlder: false };
const HIDDEN_KEY = 'tt-chat-reported';

function loadHidden(): Set<string> {
  try {
    const raw = localStorage.getItem(HIDDEN_KEY);
    return new Set(raw ? (JSON.parse(raw) as string[]) : []);
  } catch {
    return new Set();
  }
}

interface ChatStore {
  conversations: Record<string, Conversation>;
  /** reportIdentifiers of messages the user reported: hidden from them (CHAT-REPORT-1). */
  hidden: Set<string>;
  patch: (key: string, fn: (c: Conversation) => Partial<Conversation>) => void;
  /** Server messages in: replaces copies with the same uuid, merges the rest. */
  upsert: (key: string, messages: ChatItem[], where?: 'after' | 'before') => void;
  reaction: (messageId: string, reaction: string, uid: string, added: boolean) => void;
  hide: (reportIdentifier: string) => void;
  reset: () => void;
}

export const useChatStore = create<ChatStore>()((set) => ({
  conversations: {},
  hidden: loadHidden(),
  patch: (key, fn) =>
    set((s) => {
      const c = s.conversations[key] ?? EMPTY;
      return { conversations: { ...s.conversations, [key]: { ...c, ...fn(c) } } };
    }),
  upsert: (key, messages, where) =>
    set((s) => {
      const c = s.conversations[key] ?? EMPTY;
      const items = upsertItems(c.items, messages, s.hidden, where);
      return { conversations: { ...s.conversations, [key]: { ...c, items } } };
    }),
  reaction: (messageId, reaction, uid, added) =>
    set((s) => {
      const conversations = { ...s.conversations };
      for (const [key, c] of Object.entries(s.conversations)) {
        const i = c.items.findIndex((m) => String(m.id) === messageId);
        if (i < 0) continue;
        const m = c.items[i];
        const has = (m.reactions[reaction] ?? []).includes(uid);
        if (has === added) continue;
        const items = [...c.items];
        items[i] = { ...m, reactions: toggleReaction(m.reactions, reaction, uid) };
        conversations[key] = { ...c, items };
      }
      return { conversations };
    }),
  hide: (reportIdentifier) =>
    set((s) => {
      const hidden = new Set(s.hidden).add(reportIdentifier);
      try {
        localStorage.setItem(HIDDEN_KEY, JSON.stringify([...hidden].slice(-500)));
      } catch {
        /* private mode: hidden for this visit only */
      }
      const conversations: Record<string, Conversation> = {};
      for (const [key, c] of Object.entries(s.conversations)) {
        conversations[key] = {
          ...c,
          items: c.items.filter((m) => m.reportIdentifier !== reportIdentifier),
        };
      }
      return { hidden, conversations };
    }),
  reset: () => set({ conversations: {} }),
}));

export const conversationOf = (key: string) => (s: ChatStore) => s.conversations[key] ?? EMPTY;

/** The conversation a server message belongs to, seen by `me`. */
export function keyOfMessage(m: CometMessage, me: string | null): string {
  if (m.receiverType === 'group') return `group:${m.receiver.toLowerCase()}`;
  return `user:${m.sender === me ? m.receiver : m.sender}`;
}

export const itemsOf = (messages: readonly CometMessage[]) => messages.map(toChatItem);
