/**
 * The room chat's model on the phone: the chat as both apps show it lives in @tt/rules
 * (chat-view.ts: a CometChat message as a ChatItem, the body of a send, mentions with
 * CHAT-VALID-3, merging with CHAT-MERGE-1); the phone writes text with mentions to a room, and
 * says "a GIF or a picture" where a message holds what it does not show (hasMedia).
 * docs/CHAT-RULES.md names the rules.
 */
import {
  localItem as localChatItem,
  sendBody as chatSendBody,
  type ChatItem,
  type ChatSender,
  type Mention,
} from '@tt/rules';

export {
  applyReaction,
  hasMedia,
  mentionQuery,
  mentionsIn,
  mentionsMe,
  newUuid,
  textParts,
  toChatItem,
  upsertItems,
  type ChatItem,
  type ChatSender as Sender,
  type Mention,
  type SendState,
} from '@tt/rules';

/** The people the chat shows and suggests for mentions. */
export interface Person {
  uuid: string;
  nickname: string;
  color?: string;
}

/** The local copy of a text shown at once, with id −1 until the server confirms it (CHAT-WEB-1). */
export const localItem = (
  uuid: string,
  me: ChatSender,
  text: string,
  mentions: Mention[],
  now: number,
): ChatItem => localChatItem(uuid, me, { text, mentions }, now);

/** The body of POST /v3.0/messages for a text to a room (CHAT-IDENTITY-1: the uuid is the muid). */
export const sendBody = (
  guid: string,
  uuid: string,
  me: ChatSender,
  text: string,
  mentions: Mention[],
) => chatSendBody({ kind: 'group', guid }, uuid, me, { text, mentions });
