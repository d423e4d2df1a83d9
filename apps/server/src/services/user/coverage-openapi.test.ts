import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as protocol from '@tt/protocol';
import { serviceBase, type Endpoint } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../test/harness';

/** Every contract of packages/protocol is documented in the generated OpenAPI document. */

const contracts: Endpoint[] = [
  ...Object.entries(protocol)
    .filter(([name, v]) => name.endsWith('Endpoints') && typeof v === 'object' && v !== null)
    .flatMap(([, v]) => Object.values(v as Record<string, Endpoint>)),
  protocol.serviceStatusEndpoint('user'),
];

interface OpenApiDoc {
  openapi: string;
  paths: Record<string, Record<string, { security?: unknown[]; deprecated?: boolean }>>;
  components?: { securitySchemes?: Record<string, unknown> };
}

let s: TestServer;
let doc: OpenApiDoc;
beforeAll(async () => {
  s = await startTestServer();
  doc = (await s.client.raw({ method: 'GET', path: '/api/docs/json' })) as OpenApiDoc;
});
afterAll(() => s.close());

describe('OpenAPI document', () => {
  it('is an OpenAPI 3 document with the bearer scheme', () => {
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.components?.securitySchemes).toHaveProperty('bearerAuth');
  });

  it.each(contracts.map((def) => ({ name: `${def.method} ${def.path}`, def })))(
    'documents $name',
    ({ def }) => {
      const path = `${serviceBase(def.service)}${def.path}`;
      expect(Object.keys(doc.paths)).toContain(path);
      const op = doc.paths[path][def.method.toLowerCase()];
      expect(op, `${def.method} ${path}`).toBeDefined();
      // Protected routes name the bearer scheme; public ones do not.
      expect(Boolean(op.security?.length)).toBe(def.auth !== 'public');
      expect(Boolean(op.deprecated)).toBe(Boolean(def.deprecated));
    },
  );
});

describe('Swagger UI', () => {
  it('answers GET /api/docs with the Swagger UI page', async () => {
    const res = await fetch(`${s.url}/api/docs`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toMatch(/swagger-ui/i);
    // Its assets are served too.
    const script = /src="([^"]*swagger-ui-bundle\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(new URL(script!, `${s.url}/api/docs`));
    expect(asset.status).toBe(200);
    expect((await asset.text()).length).toBeGreaterThan(0);
  });
});
