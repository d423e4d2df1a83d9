export * from './search';
export * from './song-data';
export * from './catalogue';
export * from './crate';
export {
  crateEndpoints,
  crateExportEndpoints,
  crateImportEndpoints,
  specialCrateEndpoints,
} from './crate-endpoints';
export * from './albums';
export { roomHistoryEndpoints } from './room-history';
export * from './room-sets';
