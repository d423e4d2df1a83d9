import type { RoomStoreApi } from '@tt/room-client';

/** The room's audio on the phone, in step with the server clock. */
export default function RoomPlayer({ store }: { store: RoomStoreApi }) {
  void store;
  return null;
}
