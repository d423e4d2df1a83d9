import type { ServiceModule } from '../../platform/service';
import { DEFAULT_REALTIME_OPTIONS } from '../../realtime/options';
import { installCometAlias } from './alias';
import { registerCometRoutes } from './comet.routes';
import { registerGifRoutes } from './gifs';
import { ChatImages } from './images';
import { ChatReports } from './reports.service';
import { chatServices, registerChatRoutes } from './routes';
import { ChatSocket } from './socket';
import { chatWiring } from './wiring';
import { consumeChatWork } from './work';

export { registerChatRoomRoutes, registerChatTokenRoutes } from './routes';

/**
 * The chat service (docs/CHAT-RULES.md): room chats and direct messages stored in our database,
 * the CometChat REST v3.0 subset turntable bots call (also at /v3.0 and /v3 on the origin), the
 * chat socket, reports. Chat tokens and role sync are routes of the user and room services.
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

    const { config } = platform;
    const socket = new ChatSocket(app.server, core, messages, {
      pingIntervalMs: config.REALTIME_PING_INTERVAL * 1000,
      idleTimeoutMs: config.REALTIME_IDLE_TIMEOUT * 1000,
      maxSocketsPerUser: config.REALTIME_MAX_SOCKETS_PER_USER,
      maxSocketsPerIp: config.REALTIME_MAX_SOCKETS_PER_IP,
      realtimePath: DEFAULT_REALTIME_OPTIONS.path,
      maxFrameBytes: DEFAULT_REALTIME_OPTIONS.maxFrameBytes,
      maxBufferedBytes: DEFAULT_REALTIME_OPTIONS.maxBufferedBytes,
    });
    socket.start();
    const removeAlias = installCometAlias(app.server);

    consumeChatWork(platform, core, members);
    // Live (BUS-TYPES-1): caches to drop and sockets to recheck in this process.
    const { bus } = platform;
    const offs = [
      // CHAT-SEND-2: every change of a room chat's write rights drops them from memory.
      ...(await core.rights.follow(bus)),
      await bus.subscribe('chat.tokensChanged', ({ uid, ended }) => {
        core.tokens.forget(uid);
        if (ended) socket.dropUser(uid);
      }),
      await bus.subscribe('chat.membersChanged', ({ roomUuid, userUuid }) =>
        socket.recheck(roomUuid, userUuid ?? undefined),
      ),
      await bus.subscribe('room.settingsUpdated', ({ roomUuid }) => socket.recheck(roomUuid)),
      await bus.subscribe('user.profileUpdated', ({ uuid }) => core.profiles.forget(uuid)),
    ];

    app.addHook('onClose', async () => {
      removeAlias();
      await socket.close();
      await Promise.all(offs.map((off) => off()));
    });
  },
};
