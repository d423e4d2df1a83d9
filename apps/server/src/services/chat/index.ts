import type { ServiceModule } from '../../platform/service';
import { installCometAlias } from './alias';
import { registerCometRoutes } from './comet.routes';
import { registerGifRoutes } from './gifs';
import { ChatImages } from './images';
import { ChatReports } from './reports.service';
import { chatServices, registerChatRoutes } from './routes';
import { ChatHub } from './hub';
import { chatWiring } from './wiring';
import { consumeChatWork } from './work';

export { registerChatRoomRoutes, registerChatTokenRoutes } from './routes';

/**
 * The chat service (docs/CHAT-RULES.md): room chats and direct messages stored in our database,
 * the CometChat REST v3.0 subset turntable bots call (also at /v3.0 and /v3 on the origin), the
 * chat's side of the one socket (GATEWAY-1..7: the room socket at /primus carries it), reports. Chat tokens and role sync are routes of the user and room services.
 */
export const chatService: ServiceModule = {
  name: 'chat',
  version: '1.0.0',
  ...chatWiring,
  async register(app, platform) {
    const { core, messages, history, members } = chatServices(platform);
    registerChatRoutes(app, new ChatReports(core, messages), new ChatImages(core));
    await registerCometRoutes(app, core, { messages, history, members });
    registerGifRoutes(app, platform);

    // GATEWAY-1: the room socket's transport carries the chat through this port.
    const hub = new ChatHub(core, messages);
    platform.ports.chatGateway = hub;
    const removeAlias = installCometAlias(app.server);

    consumeChatWork(platform, core, members);
    // Live (BUS-TYPES-1): caches to drop and sockets to recheck in this process.
    const { bus } = platform;
    const offs = [
      // CHAT-SEND-2: every change of a room chat's write rights drops them from memory.
      ...(await core.rights.follow(bus)),
      await bus.subscribe('chat.tokensChanged', ({ uid, ended }) => {
        core.tokens.forget(uid);
        if (ended) hub.dropUser(uid);
      }),
      await bus.subscribe('chat.membersChanged', ({ roomUuid, userUuid }) =>
        hub.recheck(roomUuid, userUuid ?? undefined),
      ),
      await bus.subscribe('room.settingsUpdated', ({ roomUuid }) => hub.recheck(roomUuid)),
      // SOC-BLOCK-3: a block or unblock applies to the person's open sockets at once.
      await bus.subscribe('social.blocksChanged', ({ uuid }) => hub.refreshBlocked(uuid)),
      await bus.subscribe('user.profileUpdated', ({ uuid }) => core.profiles.forget(uuid)),
    ];

    app.addHook('onClose', async () => {
      removeAlias();
      if (platform.ports.chatGateway === hub) platform.ports.chatGateway = undefined;
      await hub.close();
      await Promise.all(offs.map((off) => off()));
    });
  },
};
