/* The crate contracts of the playlist service, as the crate screens use them. */
export {
  crateEndpoints,
  crateExportEndpoints,
  crateImportEndpoints,
  specialCrateEndpoints,
  CRATE_SONGS_PAGE,
  CRATES_PAGE,
  type AddCrateSongsRes,
  type CrateDto,
  type CrateSongDto,
  type CratesPage,
  type CrateSongsPage,
  type SpecialCrate,
} from '@tt/protocol';
