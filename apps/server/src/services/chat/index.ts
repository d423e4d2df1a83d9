import type { TokenRole } from '@tt/protocol';
import type { DomainEvents, Topic } from '../../platform/events';
import type { ServiceModule } from '../../platform/service';
import { DEFAULT_REALTIME_OPTIONS } from '../../realtime/options';
import { installCometAlias } from './alias';
import { registerCometRoutes } from './comet.routes';
import { registerGifRoutes } from './gifs';
import { ChatImages } from './images';
import { ChatReports } from './reports.service';
import { chatServices, registerChatRoutes } from './routes';
import { ChatSocket } from './socket';

export { registerChatRoomRoutes, registerChatTokenRoutes } from './routes';

/**
 * The chat service (docs/CHAT-RULES.md): room chats and direct messages stored in our database,
 * the CometChat REST v3.0 subset turntable bots call (also at /v3.0 and /v3 on the origin), the
 * chat socket, reports. Chat tokens and role sync are routes of the user and room services.
 */
export const chatService: ServiceModule = {
  name: 'chat',
  version: '1.0.0',
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

    const offs: (() => Promise<void>)[] = [];
    const on = async <T extends Topic>(
      topic: T,
      handler: (p: DomainEvents[T]) => Promise<void>,
    ) => {
      offs.push(
        await platform.bus.subscribe(topic, (p: DomainEvents[T]) =>
          handler(p).catch((err) =>
            platform.log.error({ err, topic }, 'chat event handler failed'),
          ),
        ),
      );
    };
    // CHAT-TOKEN-3: an account's sessions end → its chat tokens and chat sockets too.
    const endSessions = async ({ uuid }: { uuid: string }) => {
      await core.tokens.revoke(uuid);
      socket.dropUser(uuid);
    };
    await on('user.kicked', endSessions);
    await on('user.banned', endSessions);
    await on('user.deactivated', endSessions);
    await on('user.rolesChanged', ({ uuid, roles }) =>
      core.tokens.setRoles(uuid, roles as TokenRole[]),
    );
    await on('user.profileUpdated', async ({ uuid }) => core.profiles.forget(uuid));
    // CHAT-SYNC-1: chat scopes and reading rights follow room roles and settings.
    const roleChange = async ({ roomUuid, userUuid }: { roomUuid: string; userUuid: string }) => {
      await members.onRolesChanged(roomUuid, userUuid);
      await socket.recheck(roomUuid, userUuid);
    };
    await on('room.rolesChanged', roleChange);
    await on('room.userKicked', roleChange);
    await on('room.settingsUpdated', ({ roomUuid }) => socket.recheck(roomUuid));
    await on('room.deleted', async ({ roomUuid }) => {
      await members.onRoomDeleted(roomUuid);
      await socket.recheck(roomUuid);
    });

    app.addHook('onClose', async () => {
      removeAlias();
      await socket.close();
      await Promise.all(offs.map((off) => off()));
    });
  },
};
