import { z } from 'zod';
import { DevicePlatform } from '../enums';
import { endpoint, OkResponse } from '../contract';

const S = 'notification' as const;

/** A push token: FCM registration tokens and APNs device tokens are printable, 16 to 4096 chars. */
const PushToken = z
  .string()
  .min(16, 'must be a push token')
  .max(4096)
  .regex(/^[\w:.-]+$/, 'must be a push token');

export const DeviceDto = z.object({
  userUuid: z.string(),
  token: z.string(),
  devicePlatform: DevicePlatform,
  createdAt: z.string(),
  lastSeenAt: z.string(),
});
export type DeviceDto = z.infer<typeof DeviceDto>;

export const RegisterDeviceReq = z.object({ token: PushToken, devicePlatform: DevicePlatform });
export const DeviceTokenParam = z.object({ token: PushToken });
/** `{a}` is the device owner's uuid, `{b}` the device's push token. */
export const UserDeviceParams = z.object({
  a: z.string().uuid('must be a user uuid'),
  b: PushToken,
});
export const DeviceUserParam = z.object({ userId: z.string().uuid('must be a user uuid') });

/** Mobile devices and browsers that receive push notifications (NOTIFY-DEVICE-* rules). */
export const deviceEndpoints = {
  register: endpoint({
    service: S,
    method: 'POST',
    path: '/devices',
    auth: 'user',
    summary: "Registers this device's push token for the caller (moves it from another account)",
    body: RegisterDeviceReq,
    response: DeviceDto,
    status: 201,
    rateLimitPerMinute: 30,
  }),
  remove: endpoint({
    service: S,
    method: 'DELETE',
    path: '/devices/{token}',
    auth: 'user',
    summary: "Removes one of the caller's devices (logging out on a phone)",
    params: DeviceTokenParam,
    response: OkResponse,
  }),
  removeOfUser: endpoint({
    service: S,
    method: 'DELETE',
    path: '/devices/{a}/{b}',
    auth: 'user',
    summary: "Removes a user's device (the owner, or admins and services)",
    params: UserDeviceParams,
    response: OkResponse,
  }),
  single: endpoint({
    service: S,
    method: 'GET',
    path: '/devices/single-device/{a}/{b}',
    auth: 'user',
    summary: "One of a user's devices (the owner, or admins and services)",
    params: UserDeviceParams,
    response: DeviceDto,
  }),
  ofUser: endpoint({
    service: S,
    method: 'GET',
    path: '/devices/all-devices/{userId}',
    auth: 'user',
    summary: 'Every device of a user (the owner, or admins and services)',
    params: DeviceUserParam,
    response: z.object({ devices: z.array(DeviceDto) }),
  }),
  fansDevices: endpoint({
    service: S,
    method: 'GET',
    path: '/dj-fans/devices/list',
    auth: 'devices.other.read',
    summary: "Services: the devices of a DJ's fans (djUuid, skip, take)",
    query: z.object({
      djUuid: z.string().uuid('must be a user uuid'),
      skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
      take: z.coerce.number().int().min(1).max(500).default(100),
    }),
    response: z.object({ devices: z.array(DeviceDto), total: z.number().int() }),
  }),
};
