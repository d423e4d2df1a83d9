import type { FileStorage } from '../../platform/storage';

/** Where a song's files live in the platform file storage. */
export const songFiles = {
  /** The uploaded file, kept until the song is verified (or found unplayable). */
  source: (shortId: string) => `song-sources/${shortId}`,
  /** The HLS rendition: index.m3u8 and the encrypted segments. */
  hlsDir: (shortId: string) => `hls/${shortId}`,
  hls: (shortId: string, file: string) => `hls/${shortId}/${file}`,
};

/** Removes the uploaded file and the HLS rendition of a song. */
export async function removeSongFiles(storage: FileStorage, shortId: string): Promise<void> {
  await storage.delete(songFiles.source(shortId));
  await storage.deleteTree(songFiles.hlsDir(shortId));
}
