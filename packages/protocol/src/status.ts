import { z } from 'zod';
import { endpoint } from './contract';
import { ServiceName } from './enums';

export const ServiceStatusDto = z.object({
  service: z.string(),
  status: z.literal('ok'),
  version: z.string(),
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
