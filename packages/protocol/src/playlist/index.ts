export * from './search';
export * from './song-data';
export * from './catalogue';
export * from './crate';
// crateImportEndpoints stays out until the import job serves it (see crate-endpoints.ts).
export { crateEndpoints, specialCrateEndpoints } from './crate-endpoints';
export * from './albums';
