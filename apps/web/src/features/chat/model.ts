/**
 * The web app's chat model: the chat as both apps show it lives in @tt/rules (chat-view.ts: a
 * CometChat message as a ChatItem, the body of a send, mentions, merging); the web's names for it
 * are kept here. docs/CHAT-RULES.md names the rules (CHAT-*).
 */
import type { ChatTarget } from '@tt/rules';

export {
  localItem,
  mentionQuery,
  mentionsIn,
  mentionsMe,
  newUuid,
  sendBody,
  textParts,
  toChatItem,
  type ChatDraft as Draft,
  type ChatGif,
  type ChatItem,
  type Mention as ChatMention,
  type ChatMusicInfo,
  type ChatReply,
  type ChatSender as Sender,
  type ChatTarget,
  type SendState,
} from '@tt/rules';

/** The key of a conversation in the chat store: `group:<room uuid>` or `user:<uid>`. */
export const targetKey = (t: ChatTarget): string =>
  t.kind === 'group' ? `group:${t.guid}` : `user:${t.uid}`;
