import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/services/*/schema.ts',
  out: './drizzle',
});
