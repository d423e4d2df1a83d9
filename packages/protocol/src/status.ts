import { z } from 'zod';
import { endpoint } from './contract';
import { ServiceName } from './enums';

export const ServiceStatusDto = z.object({
  service: z.string(),
  status: z.literal('ok'),
  /** The service's published version; null for a service that has none yet (merch, points). */
  version: z.string().nullable(),
  uptimeSeconds: z.number(),
  database: z.enum(['pglite', 'postgres']),
  bus: z.enum(['memory', 'redis']),
});
export type ServiceStatusDto = z.infer<typeof ServiceStatusDto>;

/** Each service answers `GET /info-admin/<name>-service-status`. */
export function serviceStatusEndpoint(service: ServiceName) {
  return endpoint({
    service,
    method: 'GET',
    path: `/info-admin/${service}-service-status`,
    auth: 'public',
    summary: `Health of the ${service} service`,
    response: ServiceStatusDto,
  });
}
