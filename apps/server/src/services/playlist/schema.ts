// The playlist service's tables (drizzle-kit reads services/*/schema.ts).
export * from './crates/schema';
export * from './analysis/schema';
