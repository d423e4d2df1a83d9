import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { moderationEndpoints, roomEndpoints, songEndpoints, type SongDto } from '@tt/protocol';
import {
  addHarbor,
  HARBOR,
  startPlaylistWorld,
  type PlaylistWorld,
} from '../../server/src/services/playlist/test-kit';
import { spotifyTrack } from '../../server/test/fakes/spotify';
import type { TestServer } from '../../server/test/harness';
import { ensureWebBuilt, launchBrowser, startServerWithWeb, waitFor, WEB_DIST } from './support';
import {
  recordPercents,
  shot,
  signedInPage,
  throttleUploads,
  toneMp3,
} from './search-upload.support';

/** Songs by this artist fill more than one search page (20). */
const PAGER_ARTIST = 'Scroll Testers';
const PAGER_SONGS = 23;

describe('web: uploading music and searching it in a room', () => {
  let s: TestServer;
  let browser: Browser;
  let tmp: string;
  let tone: Buffer;
  let short: Buffer;
  let uploader: { uuid: string; token: string };

  beforeAll(async () => {
    s = await startServerWithWeb();
    browser = await launchBrowser();
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-e2e-upload-'));
    // Low-bitrate tones without tags (the page and the API name them): a two-minute song to
    // upload from the page (it plays while the test goes on), six seconds for the others.
    tone = await toneMp3(tmp, 'long.mp3', 120);
    short = await toneMp3(tmp, 'short.mp3', 6);
    const moderator = await s.createUser({ roles: ['user', 'moderator'] });
    uploader = await s.createUser({ nickname: 'Uploader Uma' });
    await s.as(moderator.token).call(moderationEndpoints.addCapability, {
      params: { id: uploader.uuid, capability: 'uploadMusic' },
    });
    // More songs by one artist than a search page holds, through the upload API.
    const ids: string[] = [];
    for (let i = 1; i <= PAGER_SONGS; i++) {
      const form = new FormData();
      form.append('trackName', `Pager Song ${String(i).padStart(2, '0')}`);
      form.append('artistName', PAGER_ARTIST);
      form.append('file', new Blob([new Uint8Array(short)], { type: 'audio/mpeg' }), 'tone.mp3');
      const uploaded = (await s.as(uploader.token).raw({
        method: 'POST',
        path: '/api/song-service/upload/song',
        formData: form,
      })) as SongDto;
      ids.push(uploaded.songShortId);
    }
    // They are encoded in the background: searches find verified songs only.
    for (const id of ids) {
      await waitFor(
        async () => {
          const one = await s.client.call(songEndpoints.get, { params: { id } });
          return one.status === 'VERIFIED' ? true : undefined;
        },
        `song ${id} to be verified`,
        600,
      );
    }
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('uploads a song from the page with real progress, can cancel, and sees it ready', async () => {
    const page = await signedInPage(browser, uploader.token);
    await page.goto(`${s.url}/rooms`);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-upload').click();
    await page.getByTestId('upload-form').waitFor();
    await shot(page, 'upload-desktop-empty');

    const file = { name: 'sunrise.mp3', mimeType: 'audio/mpeg', buffer: tone };
    // About four seconds to send: long enough to see progress and to cancel.
    await throttleUploads(page, 48 * 1024);

    await page.getByTestId('upload-input').setInputFiles(file);
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('upload-cancel').click();
    await page.getByTestId('upload-error').getByText('Upload cancelled.').waitFor();

    await recordPercents(page);
    await page.getByTestId('upload-input').setInputFiles(file);
    await expect(page.getByTestId('upload-file').textContent()).resolves.toContain('sunrise.mp3');
    await page.getByLabel('Title').fill('Sunrise Test Tone');
    await page.getByLabel('Artist').fill('E2E Oscillators');
    await page.getByTestId('upload-submit').click();
    await page
      .getByTestId('upload-progress')
      .getByText(/Sending .+ of .+ KB/)
      .waitFor();
    await shot(page, 'upload-desktop-progress');

    await page.getByTestId('upload-status').getByText('Ready to play').waitFor({ timeout: 90_000 }); // a transcode on a loaded CI machine
    await expect(page.getByTestId('upload-result').locator('h2').textContent()).resolves.toBe(
      'Sunrise Test Tone',
    );
    const percents = await page.evaluate(
      () => (window as unknown as { percents: string[] }).percents,
    );
    // Progress went up step by step to 100 %.
    expect(percents.some((p) => /^([1-9]|[1-9]\d)%$/.test(p))).toBe(true);
    expect(percents).toContain('100%');
    await shot(page, 'upload-desktop-ready');
    await page.context().close();
  });

  it('asks for the title and artist a file lacks, then encodes it; my uploads lists it', async () => {
    const page = await signedInPage(browser, uploader.token, 390);
    await page.goto(`${s.url}/upload`);
    // No tags, no title or artist typed: the song waits for them.
    await page.getByTestId('upload-input').setInputFiles({
      name: 'untitled-demo.mp3',
      mimeType: 'audio/mpeg',
      buffer: short,
    });
    await page.getByTestId('upload-submit').click();
    const result = page.getByTestId('upload-result');
    await result.getByTestId('upload-status').getByText('Add title and artist').waitFor();
    const mine = page.getByTestId('my-uploads').getByTestId('my-upload');
    await mine.filter({ hasText: 'Add title and artist' }).first().waitFor();
    await shot(page, 'upload-phone-metadata');

    const form = result.locator('form');
    await form.getByLabel('Title').fill('Found Title');
    await form.getByLabel('Artist').fill('Named Later');
    await form.getByTestId('metadata-save').click();
    await result
      .getByTestId('upload-status')
      .getByText('Ready to play')
      .waitFor({ timeout: 90_000 });
    await expect(result.locator('h2').textContent()).resolves.toBe('Found Title');
    // My uploads: newest first, every status; this one is ready now too.
    await mine
      .first()
      .filter({ hasText: 'Found Title' })
      .getByText('Ready to play')
      .waitFor({ timeout: 90_000 });
    expect(await mine.count()).toBeGreaterThanOrEqual(20);
    await page.context().close();
  });

  it('refuses a file that is not audio with the API error message, before and after sending', async () => {
    const page = await signedInPage(browser, uploader.token, 390);
    await page.goto(`${s.url}/upload`);
    await page.getByTestId('upload-form').waitFor();
    const message = 'Unsupported audio file type (send MP3, M4A/AAC, WAV, FLAC or Ogg).';

    // A text file: refused on the page.
    await page.getByTestId('upload-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a song'),
    });
    await page.getByTestId('upload-error').getByText(message).waitFor();
    expect(await page.getByTestId('upload-submit').isDisabled()).toBe(true);

    // Text named like an MP3: the page lets it go, the server reads the bytes and answers 415.
    await page.getByTestId('upload-input').setInputFiles({
      name: 'fake.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('this is plain text, not audio '.repeat(40)),
    });
    expect(await page.getByTestId('upload-error').count()).toBe(0);
    await page.getByTestId('upload-submit').click();
    await page.getByTestId('upload-error').getByText(message).waitFor();
    await shot(page, 'upload-phone-error');
    await page.context().close();
  });

  it('explains uploading to an account without the uploadMusic capability', async () => {
    const plain = await s.createUser({ nickname: 'No Uploads' });
    const page = await signedInPage(browser, plain.token);
    await page.goto(`${s.url}/upload`);
    await page.getByTestId('upload-locked').getByText('Uploading needs permission').waitFor();
    expect(await page.getByTestId('upload-form').count()).toBe(0);
    await page.context().close();
  });

  for (const width of [1280, 390]) {
    it(`in a room (${width} px): the uploads tab finds the song, scrolling loads page two, picking sets the next song`, async () => {
      const room = await s
        .as(uploader.token)
        .call(roomEndpoints.create, { body: { name: `Upload Lounge ${width}`, design: 'CLUB' } });
      const page = await signedInPage(browser, uploader.token, width);
      await page.goto(`${s.url}/rooms/${room.slug}`);
      await page.getByTestId('room-page').waitFor();
      const panel = page.getByTestId('song-search');

      // The uploads tab is selected; the uploader is offered the upload page from it.
      const uploads = page.getByTestId('search-tab-uploadService');
      expect(await uploads.getAttribute('aria-selected')).toBe('true');
      await panel.getByTestId('search-upload-link').waitFor();

      // The uploaded song is found; choosing it and taking a seat plays it.
      await page.getByTestId('song-search-input').fill('sunrise test');
      const found = panel.getByTestId('search-result').filter({ hasText: 'Sunrise Test Tone' });
      await found.getByText('E2E Oscillators').waitFor();

      // Its preview plays the encrypted HLS: the key is asked for with the listener's token.
      const preview = found.getByTestId('search-preview');
      const keyRequest = page.waitForRequest((r) => r.url().includes('/songs/hls/key'));
      await preview.click();
      const key = await keyRequest;
      expect(key.headers()['authorization']).toBe(`Bearer ${uploader.token}`);
      expect((await key.response())?.status()).toBe(200);
      expect(await preview.getAttribute('aria-pressed')).toBe('true');
      await preview.click();
      expect(await preview.getAttribute('aria-pressed')).toBe('false');
      expect(await found.getByText("The preview can't play right now.").count()).toBe(0);
      await found.getByRole('button', { name: /^Choose/ }).click();
      await page.getByTestId('picked-song').getByText('Sunrise Test Tone').waitFor();
      await page.getByTestId('take-seat').click();
      await page.getByTestId('np-title').getByText('Sunrise Test Tone').waitFor();

      // More than a page: 20 first, the rest when the end of the list scrolls into view.
      await page.getByTestId('song-search-input').fill(PAGER_ARTIST);
      const results = panel.getByTestId('search-result');
      await results.filter({ hasText: 'Pager Song 01' }).waitFor();
      await expect.poll(() => results.count()).toBe(20);
      await panel.getByTestId('search-load-more').waitFor();
      await shot(page, `room-search-${width}`);
      await panel
        .getByTestId('search-scroll')
        .evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect.poll(() => results.count()).toBe(PAGER_SONGS);
      // The last page is in: no "load more" any longer.
      await expect.poll(() => panel.getByTestId('search-load-more').count()).toBe(0);

      // A song of page two becomes the next song.
      const last = results.filter({ hasText: `Pager Song ${PAGER_SONGS}` });
      await last.getByRole('button', { name: /^Play next/ }).click();
      await page.getByTestId('next-song').getByText(`Pager Song ${PAGER_SONGS}`).waitFor();
      expect(
        await last.getByRole('button', { name: /^Play next/ }).getAttribute('aria-pressed'),
      ).toBe('true');
      await shot(page, `room-next-${width}`);
      await page.context().close();
    });
  }

  it('the "load more" button and the tabs work from the keyboard', async () => {
    const room = await s
      .as(uploader.token)
      .call(roomEndpoints.create, { body: { name: 'Keyboard Club', design: 'THEATER' } });
    const page = await signedInPage(browser, uploader.token);
    await page.goto(`${s.url}/rooms/${room.slug}`);
    await page.getByTestId('room-page').waitFor();
    const panel = page.getByTestId('song-search');
    await page.getByTestId('song-search-input').fill(PAGER_ARTIST);
    const results = panel.getByTestId('search-result');
    await expect.poll(() => results.count()).toBe(20);

    // The selected tab is the one Tab reaches; Home and End stay on the tab list.
    const tabs = panel.getByRole('tab');
    const count = await tabs.count();
    expect(await tabs.evaluateAll((els) => els.map((e) => e.getAttribute('tabindex')))).toEqual(
      Array.from({ length: count }, (_, i) => (i === 0 ? '0' : '-1')),
    );
    await page.getByTestId('search-tab-uploadService').focus();
    await page.keyboard.press('End');
    const lastTab = tabs.nth(count - 1);
    expect(await lastTab.getAttribute('aria-selected')).toBe('true');
    expect(await lastTab.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Home');
    expect(await page.getByTestId('search-tab-uploadService').getAttribute('aria-selected')).toBe(
      'true',
    );

    // Without scrolling: the button, pressed with the keyboard, loads page two.
    await panel.getByTestId('search-load-more').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => results.count()).toBe(PAGER_SONGS);
    await page.context().close();
  });
});

describe('web: search tabs across music providers (local fakes)', () => {
  let w: PlaylistWorld;
  let browser: Browser;

  beforeAll(async () => {
    await ensureWebBuilt();
    w = await startPlaylistWorld({ WEB_DIST });
    addHarbor(w);
    w.spotify.tracks.set(
      'explicitHarbor',
      spotifyTrack('explicitHarbor', {
        name: 'Harbor Nights (Explicit)',
        artists: [{ id: 'nova', name: 'Nova Lights' }],
        explicit: true,
      }),
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  it('one tab per source, arrow keys move between them, each finds the song at its provider', async () => {
    const dj = await w.s.createUser({ nickname: 'Tab Tester' });
    const room = await w.s
      .as(dj.token)
      .call(roomEndpoints.create, { body: { name: 'Provider Hall', design: 'FESTIVAL' } });
    const page = await signedInPage(browser, dj.token);
    // Nothing leaves this machine: provider art and clips are refused.
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (r) => r.abort());
    await page.goto(`${w.s.url}/rooms/${room.slug}`);
    await page.getByTestId('room-page').waitFor();
    const panel = page.getByTestId('song-search');
    const tabs = panel.getByRole('tab');
    await tabs.first().waitFor();
    expect(await tabs.allTextContents()).toEqual([
      'Uploads',
      '7digital',
      'Spotify',
      'Apple Music',
      'SoundCloud',
      'Audius',
      'YouTube',
    ]);
    await page.getByTestId('song-search-input').fill('harbor');
    await panel.getByText('No songs match "harbor".').waitFor();

    // ArrowRight selects and focuses the next tab (roving tabindex), End the last, wrapping round.
    await page.getByTestId('search-tab-uploadService').focus();
    await page.keyboard.press('ArrowRight');
    const sevenDigital = page.getByTestId('search-tab-sevenDigital');
    expect(await sevenDigital.getAttribute('aria-selected')).toBe('true');
    expect(await sevenDigital.getAttribute('tabindex')).toBe('0');
    expect(await sevenDigital.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByTestId('search-tab-uploadService').getAttribute('tabindex')).toBe('-1');
    await panel.getByTestId('search-result').getByText('Midnight Harbor').waitFor();
    await page.keyboard.press('End');
    expect(await page.getByTestId('search-tab-youtube').getAttribute('aria-selected')).toBe('true');
    await panel.getByTestId('search-result').getByText('Midnight Harbor').waitFor();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByTestId('search-tab-uploadService').getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(await page.getByTestId('search-tab-spotify').getAttribute('aria-selected')).toBe('true');

    // Spotify: the explicit song carries the badge; the clip cannot load here, and says so.
    const explicit = panel.getByTestId('search-result').filter({ hasText: 'Harbor Nights' });
    await explicit.getByTitle('Explicit', { exact: true }).waitFor();
    const harbor = panel.getByTestId('search-result').filter({ hasText: 'Midnight Harbor' });
    expect(await harbor.getByTitle('Explicit', { exact: true }).count()).toBe(0);
    await explicit.getByTestId('search-preview').click();
    await explicit.getByText("The preview can't play right now.").waitFor();
    expect(await explicit.getByTestId('search-preview').getAttribute('aria-pressed')).toBe('false');
    await shot(page, 'room-search-providers-1280');

    // Picking a provider song keeps its provider ids.
    await harbor.getByRole('button', { name: /^Choose/ }).click();
    await page.getByTestId('picked-song').getByText('Midnight Harbor').waitFor();
    await page.getByTestId('take-seat').click();
    await page.getByTestId('np-title').getByText('Midnight Harbor').waitFor();
    const state = await w.s
      .as(dj.token)
      .call(roomEndpoints.roomState, { params: { id: room.uuid } });
    expect(state.nowPlaying?.song.musicProviders).toMatchObject({ spotify: HARBOR.spotify });
    await page.context().close();
  });
});
