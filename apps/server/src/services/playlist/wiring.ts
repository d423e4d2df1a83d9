import type { Wiring } from '../../platform/wiring';

/** The playlist service's ports (platform/wiring.ts): it installs none and can run without each. */
export const playlistWiring: Wiring = {
  provides: [],
  requires: [],
  optional: {
    songs:
      'what reads or stores catalogue songs (the catalogue, albums, crate songs and imports, stored song data) answers 503 CATALOGUE_UNAVAILABLE; search leaves out the uploadService source',
    providerTokens: 'crate exports to Spotify and Apple Music answer 503 CRATE_EXPORT_UNAVAILABLE',
    rooms:
      "a room's recent songs (GET and POST /rooms/{slug}/recent-songs) and its sets (GET /rooms/{slug}/sets, POST /rooms/{slug}/sets/crate) answer 503 SERVICE_UNAVAILABLE",
    users:
      'creating a crate answers 503 SERVICE_UNAVAILABLE, as the verified address cannot be read (ACCESS-FACTS-1); special crates are made for no account',
  },
};
