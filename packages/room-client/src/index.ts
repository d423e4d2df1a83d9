/**
 * The room socket client, the same on every platform (web, React Native): the ttfm-socket wire
 * protocol over Primus (docs/PROTOCOL.md) with reconnects and rejoins, validated JSON-Patch state,
 * the typed actions, the room store, and the server clock and sync maths of playback. Nothing here
 * touches the DOM: the platform passes in its WebSocket, storage, origin and token. The chat
 * client (live chat, direct messages, notifications) is here too: both run over the app's one
 * socket, the Gateway (GATEWAY-CLIENT-1..5).
 */
export { ActionError, NOT_CONNECTED, SocketActions, type SocketNotice } from './actions';
export {
  createChatSocket,
  type ChatEvent,
  type ChatListener,
  type ChatLiveFrame,
  type ChatSocket,
  type ChatSocketOptions,
} from './chat-socket';
export { RoomConnection, type RoomConnectionOptions } from './connection';
export { Gateway, type GatewayEvents, type GatewayOptions } from './gateway';
export {
  CURRENT_ROOM_KEY,
  readCurrentRoom,
  writeCurrentRoom,
  type CurrentRoomRecord,
  type KeyValueStorage,
} from './currentRoom';
export { applyStatePatch } from './patch';
export { applyPagedStatePatch, mergeUsersPage, type PagedPatchResult } from './paging';
export {
  defaultTimers,
  globalSocketFactory,
  PrimusConnection,
  primusUrl,
  type PrimusEvents,
  type PrimusOptions,
  type SocketFactory,
  type SocketLike,
  type Timers,
} from './primus';
export {
  createRoomSession,
  type RoomActionSender,
  type RoomSession,
  type RoomSessionOptions,
} from './session';
export {
  createRoomStore,
  initialRoomState,
  type ActiveAnimation,
  type AfkNotice,
  type RoomStatus,
  type RoomStore,
  type RoomStoreApi,
  type RoomStoreState,
} from './store';
export { ClockEstimator, DEFAULT_CLOCK_OPTIONS, type ClockEstimatorOptions } from './clock';
export {
  DEFAULT_DRIFT_OPTIONS,
  DriftController,
  expectedPositionSeconds,
  serverClockOffset,
  serverNow,
  startOffsetSeconds,
  type DriftDecision,
  type DriftOptions,
} from './sync';
