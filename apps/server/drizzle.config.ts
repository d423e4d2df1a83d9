import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/services/*/schema.ts', './src/platform/outbox/schema.ts'],
  out: './drizzle',
});
