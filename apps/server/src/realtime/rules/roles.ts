// Room roles live in @tt/rules (one home for server and web); the realtime rules import them here.
export {
  ROOM_ROLE_RANK,
  isRoleInForce,
  roomRolesOf,
  hasRoomRole,
  highestRoomRole,
  isRoomModerator,
  isBannedFromRoom,
  nextRoleExpiry,
} from '@tt/rules';
