import { useMutation } from '@tanstack/react-query';
import { roomRoleEndpoints, type EndpointInput } from '@tt/protocol';
import { api } from '../../lib/api';

type RoleBody = EndpointInput<typeof roomRoleEndpoints.create>['body'];
type KickBody = EndpointInput<typeof roomRoleEndpoints.kick>['body'];

/**
 * Gives a room role (a ban may carry a reason and an end, RR-BAN-3) or takes one away, as the
 * web's person card does. The room's socket brings the change to everyone, so no cache is touched.
 */
export function useRoomRoleMutation(roomUuid: string) {
  return useMutation({
    mutationFn: async ({ give, ...body }: RoleBody & { give: boolean }): Promise<void> => {
      const params = { roomId: roomUuid };
      if (give) await api.call(roomRoleEndpoints.create, { params, body });
      else
        await api.call(roomRoleEndpoints.remove, {
          params,
          body: { userUuid: body.userUuid, role: body.role },
        });
    },
  });
}

/** Sends someone out of the room, with a reason (POST /roomUserRoles/kick-user-from-room). */
export function useKickMutation() {
  return useMutation({
    mutationFn: (body: KickBody) => api.call(roomRoleEndpoints.kick, { body }),
  });
}
