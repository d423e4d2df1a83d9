// Every service's tables, gathered for drizzle-kit and the relational query API.
// A service's code imports only its own schema file.
export * from '../../services/user/schema';
export * from '../../services/room/schema';
export * from '../../services/community/schema';
export * from '../../services/song/schema';
export * from '../../services/audit/schema';
export * from '../../services/playlist/schema';
export * from '../../services/chat/schema';
export * from '../outbox/schema';
export * from '../../services/notification/schema';
export * from '../../services/social/schema';
