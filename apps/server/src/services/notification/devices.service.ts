import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DeviceDto, DevicePlatform } from '@tt/protocol';
import { requireAccess } from '../../platform/access';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db/index';
import { fail } from '../../platform/errors';
import type { PushMessage } from '../../platform/ports';
import type { Platform } from '../../platform/service';
import { ApnsProvider } from './push/apns';
import { FcmProvider } from './push/fcm';
import type { PushProvider } from './push/provider';
import { devices } from './schema';

type DeviceRow = typeof devices.$inferSelect;

/**
 * NOTIFY-DEVICE-4: clients write a colon in a path as "_", and FCM tokens hold colons, so a token
 * in a path matches a stored one with its colons read as underscores.
 */
const tokenIs = (token: string) =>
  sql`replace(${devices.token}, ':', '_') = replace(${token}, ':', '_')`;
const toDevice = (r: DeviceRow): DeviceDto => ({
  userUuid: r.userUuid,
  token: r.token,
  devicePlatform: r.devicePlatform,
  createdAt: r.createdAt.toISOString(),
  lastSeenAt: r.lastSeenAt.toISOString(),
});

/** The mobile push services configured (none until their credentials are set). */
export function pushProviders(platform: Platform): PushProvider[] {
  const c = platform.config;
  const apns =
    c.APNS_KEY_ID && c.APNS_TEAM_ID && c.APNS_PRIVATE_KEY && c.APNS_BUNDLE_ID
      ? new ApnsProvider(
          {
            keyId: c.APNS_KEY_ID,
            teamId: c.APNS_TEAM_ID,
            privateKey: c.APNS_PRIVATE_KEY,
            bundleId: c.APNS_BUNDLE_ID,
            apiBase: c.APNS_API_BASE,
          },
          platform.log,
        )
      : null;
  const fcm =
    c.FCM_PROJECT_ID && c.FCM_CLIENT_EMAIL && c.FCM_PRIVATE_KEY
      ? new FcmProvider(
          {
            projectId: c.FCM_PROJECT_ID,
            clientEmail: c.FCM_CLIENT_EMAIL,
            privateKey: c.FCM_PRIVATE_KEY,
            apiBase: c.FCM_API_BASE,
            tokenUrl: c.FCM_TOKEN_URL,
          },
          platform.log,
          apns !== null,
        )
      : null;
  const all: (PushProvider | null)[] = [apns, fcm];
  return all.filter((p): p is PushProvider => p !== null);
}

/** Devices and mobile push (NOTIFY-DEVICE-*, NOTIFY-PUSH-*). */
export class DevicesService {
  constructor(
    private readonly platform: Platform,
    private readonly providers: PushProvider[],
  ) {}

  private get db(): Db {
    return this.platform.db;
  }

  /** NOTIFY-DEVICE-2: the owner, or admins and services. */
  private requireSelfOrStaff(auth: AuthContext, userUuid: string): void {
    if (auth.uuid !== userUuid) requireAccess(auth, 'devices.other.read');
  }

  /** NOTIFY-DEVICE-1: a token belongs to the account that registered it last. */
  async register(auth: AuthContext, token: string, platform: DevicePlatform): Promise<DeviceDto> {
    const now = new Date();
    const [row] = await this.db
      .insert(devices)
      .values({ token, userUuid: auth.uuid, devicePlatform: platform })
      .onConflictDoUpdate({
        target: devices.token,
        set: { userUuid: auth.uuid, devicePlatform: platform, lastSeenAt: now },
      })
      .returning();
    return toDevice(row!);
  }

  async remove(auth: AuthContext, userUuid: string, token: string): Promise<{ success: boolean }> {
    this.requireSelfOrStaff(auth, userUuid);
    const rows = await this.db
      .delete(devices)
      .where(and(eq(devices.userUuid, userUuid), tokenIs(token)))
      .returning();
    if (rows.length === 0) throw fail('DEVICE_NOT_FOUND');
    return { success: true };
  }

  async single(auth: AuthContext, userUuid: string, token: string): Promise<DeviceDto> {
    this.requireSelfOrStaff(auth, userUuid);
    const [row] = await this.db
      .select()
      .from(devices)
      .where(and(eq(devices.userUuid, userUuid), tokenIs(token)));
    if (!row) throw fail('DEVICE_NOT_FOUND');
    return toDevice(row);
  }

  async ofUser(auth: AuthContext, userUuid: string): Promise<{ devices: DeviceDto[] }> {
    this.requireSelfOrStaff(auth, userUuid);
    const rows = await this.db
      .select()
      .from(devices)
      .where(eq(devices.userUuid, userUuid))
      .orderBy(devices.createdAt);
    return { devices: rows.map(toDevice) };
  }

  async ofUsers(userUuids: string[]): Promise<DeviceDto[]> {
    if (userUuids.length === 0) return [];
    const rows = await this.db.select().from(devices).where(inArray(devices.userUuid, userUuids));
    return rows.map(toDevice);
  }

  /** NOTIFY-PUSH-1: each device through the push service that serves it; gone tokens removed. */
  async push(
    userUuids: string[],
    message: PushMessage,
  ): Promise<{ sent: number; removed: number }> {
    if (this.providers.length === 0 || userUuids.length === 0) return { sent: 0, removed: 0 };
    const targets = await this.ofUsers(userUuids);
    let sent = 0;
    const gone: string[] = [];
    await Promise.all(
      targets.map(async (d) => {
        const provider = this.providers.find((p) => p.serves(d.devicePlatform));
        if (!provider) return;
        const outcome = await provider.send(d.token, message);
        if (outcome === 'sent') sent++;
        if (outcome === 'gone') gone.push(d.token);
      }),
    );
    // NOTIFY-DEVICE-3: tokens the push service no longer knows are forgotten.
    if (gone.length) await this.db.delete(devices).where(inArray(devices.token, gone));
    return { sent, removed: gone.length };
  }

  async close(): Promise<void> {
    await Promise.all(this.providers.map((p) => p.close()));
  }
}
