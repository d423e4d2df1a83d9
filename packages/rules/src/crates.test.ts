import { describe, expect, it } from 'vitest';
import {
  affectsCrateThumbnails,
  anyCrateImporting,
  CRATE_THUMBNAIL_POSITIONS,
  defaultCrateName,
} from './crates';

describe('defaultCrateName (CRATE-NAME-1)', () => {
  it('starts at 1', () => {
    expect(defaultCrateName([])).toBe('New Playlist #1');
    expect(defaultCrateName(['Road trip', 'default'])).toBe('New Playlist #1');
  });

  it('takes the lowest unused number, filling gaps', () => {
    expect(defaultCrateName(['New Playlist #1', 'New Playlist #2'])).toBe('New Playlist #3');
    expect(defaultCrateName(['New Playlist #1', 'New Playlist #3'])).toBe('New Playlist #2');
    expect(defaultCrateName(['New Playlist #2'])).toBe('New Playlist #1');
  });

  it('ignores names that only look alike', () => {
    expect(
      defaultCrateName([
        'New Playlist #01',
        'New Playlist #1 (copy)',
        'new playlist #1',
        'New Playlist #',
      ]),
    ).toBe('New Playlist #1');
  });
});

describe('crate thumbnails and import polling (CRATE-THUMB-1, CRATE-IMPORT-1)', () => {
  it('refreshes thumbnails only within the first 32 positions', () => {
    expect(affectsCrateThumbnails(0)).toBe(true);
    expect(affectsCrateThumbnails(CRATE_THUMBNAIL_POSITIONS - 1)).toBe(true);
    expect(affectsCrateThumbnails(CRATE_THUMBNAIL_POSITIONS)).toBe(false);
    expect(affectsCrateThumbnails(-1)).toBe(false);
  });

  it('polls while any crate is IN_PROGRESS', () => {
    expect(anyCrateImporting([{ importStatus: 'COMPLETE' }, { importStatus: null }])).toBe(false);
    expect(anyCrateImporting([{ importStatus: 'COMPLETE' }, { importStatus: 'IN_PROGRESS' }])).toBe(
      true,
    );
    expect(anyCrateImporting([])).toBe(false);
  });
});
