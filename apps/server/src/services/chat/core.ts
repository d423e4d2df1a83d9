import { FLOOD_LIMITS } from '@tt/rules';
import type { Platform } from '../../platform/service';
import { RoomAccess } from './access';
import { ChatSendBatch } from './batch';
import { ChatFanout } from './fanout';
import { ChatFlood } from './flood';
import { ChatMembersRepository } from './members.repository';
import { ChatProfiles } from './profiles';
import { ChatRepository } from './repository';
import { ChatRights } from './rights';
import { ChatTokens } from './tokens';

/** What every part of the chat shares: repositories, tokens, access checks, flood control, fan-out. */
export class ChatCore {
  readonly repo: ChatRepository;
  readonly members: ChatMembersRepository;
  readonly tokens: ChatTokens;
  readonly access: RoomAccess;
  readonly flood: ChatFlood;
  readonly fanout: ChatFanout;
  readonly profiles: ChatProfiles;
  /** CHAT-SEND-2: room chats' write rights in memory. */
  readonly rights: ChatRights;
  /** CHAT-SEND-3: sends stored together, one transaction per turn of the event loop. */
  readonly sends: ChatSendBatch;

  constructor(readonly platform: Platform) {
    const { config } = platform;
    this.repo = new ChatRepository(platform.db);
    this.members = new ChatMembersRepository(platform.db);
    this.tokens = new ChatTokens(platform.db, {
      user: config.CHAT_TOKEN_TTL,
      ghost: config.CHAT_GHOST_TOKEN_TTL,
    });
    this.access = new RoomAccess(platform);
    this.flood = new ChatFlood(
      config.CHAT_RATE_LIMIT ?? FLOOD_LIMITS.chatWrites,
      platform.counters,
    );
    this.fanout = new ChatFanout(platform.bus);
    this.profiles = new ChatProfiles(platform);
    this.rights = new ChatRights(this.access, this.members);
    this.sends = new ChatSendBatch(this.repo, platform.outbox);
  }

  get maxLength(): number {
    return this.platform.config.CHAT_MESSAGE_MAX_LENGTH;
  }
}

const cores = new WeakMap<Platform, ChatCore>();

/**
 * The chat core of a platform: the chat service, and the user and room services' chat routes
 * (tokens, role sync) share one per process.
 */
export function chatCore(platform: Platform): ChatCore {
  let core = cores.get(platform);
  if (!core) {
    core = new ChatCore(platform);
    cores.set(platform, core);
  }
  return core;
}
