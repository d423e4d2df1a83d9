import { expect, it } from 'vitest';
import { SongRepository } from './repository';
import { transcodeHoldKeys, transcodeJobId } from './transcode';
import { createUploader, form, pollSong, transcodeSuite, upload } from './upload.fixtures';

/**
 * JOBS-STALL-1: a transcode whose process died holding its song is taken over by the next run of
 * the same job (BullMQ runs it again within a minute), not skipped until the hold expires.
 */

const suite = transcodeSuite('recovery', 'Resumed Tone');

it('JOBS-STALL-1: the next run of a job whose process died holding the song transcodes it', async () => {
  const s = await suite.server({
    SONG_TRANSCODE_MAX_PENDING: '0',
    SONG_TRANSCODE_RETRY_DELAY: '5s',
  });
  const { token } = await createUploader(s);
  const answer = await upload(s, token, form(suite.tagged, 'tone.mp3'));
  expect(answer.status).toBe('VERIFICATION_POSTPONED');

  // The retry's job, as a run of it that died mid-transcode left the counters: both held.
  const row = await new SongRepository(s.app.platform.db).byIdOrShortId(answer.songShortId);
  const keys = transcodeHoldKeys(row!.shortId, transcodeJobId(row!));
  await s.app.platform.counters.hit(keys.job, 900);
  await s.app.platform.counters.hit(keys.song, 900);

  expect((await pollSong(s, answer.songShortId)).status).toBe('VERIFIED');
  // The hold is given back (just after the song settles).
  const { counters } = s.app.platform;
  await expect
    .poll(async () => [await counters.get(keys.song), await counters.get(keys.job)])
    .toEqual([0, 0]);
}, 120_000);
