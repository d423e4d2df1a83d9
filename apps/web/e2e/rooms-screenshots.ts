/**
 * Screenshots of the rooms pages at desktop (1280x800) and phone (390x844) widths, with a live
 * room full of DJs and listeners (bots on the real `ttfm-socket` SDK), for a visual check.
 * Run: npx tsx apps/web/e2e/rooms-screenshots.ts   (PNGs go to /tmp/shots; nothing is committed)
 */
import fs from 'node:fs/promises';
import { SocketClient } from 'ttfm-socket';
import type { Browser, Page } from 'playwright-core';
import { profileEndpoints, roomEndpoints, toMinimalSong, type RoomDesign } from '@tt/protocol';
import { seedDemoCatalogue } from '../../server/src/services/song/index';
import { launchBrowser, startServerWithWeb } from './support';

const OUT = process.env.SHOTS_DIR ?? '/tmp/shots';
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

const PEOPLE: [string, string][] = [
  ['Nova', '#EC4899'],
  ['Kai Beats', '#06B6D4'],
  ['Mira', '#F59E0B'],
  ['Leo', '#10B981'],
  ['Sasha K', '#8B5CF6'],
  ['Tom', '#F43F5E'],
  ['Ines', '#22D3EE'],
  ['Bo', '#A3E635'],
  ['Yuki', '#FB923C'],
  ['Ravi', '#E879F9'],
];

async function main() {
  await fs.mkdir(OUT, { recursive: true });
  const s = await startServerWithWeb();
  const songs = await seedDemoCatalogue(s.app.platform, { count: 10, maxSeconds: 120 });
  const browser = await launchBrowser();
  const sockets: SocketClient[] = [];
  try {
    const users: Awaited<ReturnType<typeof s.createUser>>[] = [];
    for (const [nickname, color] of PEOPLE) {
      const u = await s.createUser({ nickname });
      await s.as(u.token).call(profileEndpoints.updateProfile, { body: { color } });
      users.push(u);
    }
    const me = await s.createUser({ nickname: 'Listener' });
    const [nova, kai, mira] = users;

    const designs: [string, RoomDesign, string][] = [
      ['Late Night Grooves', 'CLUB', 'house & disco till sunrise'],
      ['Basement Tapes', 'UNDERGROUND', 'raw techno'],
      ['Sunset Fest', 'FESTIVAL', 'indie singalongs'],
      ['Dream Garden', 'TOMORROWLAND', 'melodic trance'],
      ['Harbour Lights', 'YACHT', 'yacht rock'],
      ['The Velvet Room', 'THEATER', 'soul & jazz'],
      ['Hay Loft', 'BARN', 'folk and bluegrass'],
      ['Bay Sessions', 'FERRY_BUILDING', 'lo-fi beats'],
    ];
    const rooms = [];
    for (const [i, [name, design, vibe]] of designs.entries()) {
      const owner = users[i % users.length];
      rooms.push(
        await s.as(owner.token).call(roomEndpoints.create, {
          body: { name, design, vibe, password: i === 5 ? 'velvet' : undefined },
        }),
      );
    }
    const main = rooms[0];

    // DJs and a crowd in the main room; a DJ in two others.
    const join = async (u: { token: string }, roomUuid: string) => {
      const c = new SocketClient(s.url);
      await c.joinRoom(u.token, { roomUuid });
      sockets.push(c);
      return c;
    };
    const act = (c: SocketClient, name: string, params: Record<string, unknown> = {}) =>
      (c as unknown as { action: (n: string, p: object) => Promise<unknown> }).action(name, params);
    const novaC = await join(nova, main.uuid);
    await act(novaC, 'addDj', { song: toMinimalSong(songs[0]) });
    await act(await join(kai, main.uuid), 'addDj', { song: toMinimalSong(songs[3]) });
    await act(await join(mira, main.uuid), 'addDj', { song: toMinimalSong(songs[5]) });
    const crowd: SocketClient[] = [];
    for (const u of users.slice(3)) crowd.push(await join(u, main.uuid));
    for (const c of crowd.slice(0, 4)) await act(c, 'voteOnSong', { songVotes: { like: true } });
    await act(crowd[4], 'voteOnSong', { songVotes: { like: false } });
    for (const [ri, si] of [
      [1, 6],
      [2, 7],
      [3, 9],
    ]) {
      const c = await join(users[ri + 1], rooms[ri].uuid);
      await act(c, 'addDj', { song: toMinimalSong(songs[si]) });
    }

    const shots: {
      name: string;
      path: string;
      token?: string;
      act?: (p: Page) => Promise<void>;
    }[] = [
      { name: 'rooms', path: '/rooms', token: me.token },
      { name: 'room-underground', path: `/rooms/${rooms[1].slug}`, token: me.token },
      { name: 'rooms-guest', path: '/rooms' },
      { name: 'rooms-new', path: '/rooms/new', token: me.token },
      {
        name: 'rooms-new-filled',
        path: '/rooms/new',
        token: me.token,
        act: async (p) => {
          await p.getByTestId('room-name').fill('Friday Night Vinyl!');
          await p.locator('label.design-tile', { hasText: 'Festival' }).click();
        },
      },
      {
        name: 'room-live',
        path: `/rooms/${main.slug}`,
        token: me.token,
        act: async (p) => {
          await p.getByTestId('np-title').waitFor();
          await act(crowd[1], 'playOneTimeAnimation', { animation: 'emoji', emoji: '🔥' });
          await act(crowd[2], 'playOneTimeAnimation', { animation: 'jump' });
          await p.getByTestId('emoji-bubble').waitFor();
        },
      },
      {
        name: 'room-search',
        path: `/rooms/${main.slug}`,
        token: me.token,
        act: async (p) => {
          await p.getByTestId('song-search-input').fill('ro');
          await p.getByTestId('search-result').first().waitFor();
          await p.getByTestId('search-result').first().locator('.btn').click();
        },
      },
      {
        name: 'room-mod-menu',
        path: `/rooms/${main.slug}`,
        token: nova.token,
        act: async (p) => {
          await p.getByTestId(`avatar-${users[4].uuid}`).click();
          await p.getByTestId('mod-menu').waitFor();
        },
      },
      { name: 'room-festival', path: `/rooms/${rooms[2].slug}`, token: me.token },
      { name: 'room-dreamland', path: `/rooms/${rooms[3].slug}`, token: me.token },
      { name: 'room-empty-yacht', path: `/rooms/${rooms[4].slug}`, token: me.token },
      { name: 'room-password', path: `/rooms/${rooms[5].slug}`, token: me.token },
      { name: 'room-settings', path: `/rooms/${main.slug}/settings`, token: nova.token },
      { name: 'room-missing', path: '/rooms/no-such-room', token: me.token },
    ];

    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const shot of shots) await take(browser, s.url, size, viewport, shot);
    }
    console.log(`screenshots written to ${OUT}`);
  } finally {
    for (const c of sockets) c.disconnect();
    await browser.close();
    await s.close();
  }
}

async function take(
  browser: Browser,
  url: string,
  size: string,
  viewport: { width: number; height: number },
  shot: { name: string; path: string; token?: string; act?: (p: Page) => Promise<void> },
) {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  await context.addInitScript((token) => {
    if (token && !sessionStorage.getItem('seeded')) {
      localStorage.setItem(
        'tt-session',
        JSON.stringify({ state: { accessToken: token }, version: 0 }),
      );
      sessionStorage.setItem('seeded', '1');
    }
    localStorage.setItem('locale', 'en');
  }, shot.token ?? null);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  page.on('pageerror', (e) => console.error(`[${shot.name}] page error: ${e.message}`));
  await page.goto(`${url}${shot.path}`);
  await page.waitForLoadState('networkidle');
  if (shot.act) await shot.act(page);
  await page.waitForTimeout(500);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  if (overflow > 0) console.warn(`[${size}-${shot.name}] ${overflow}px horizontal overflow`);
  await page.screenshot({ path: `${OUT}/${size}-${shot.name}.png`, fullPage: true });
  if (size !== 'desktop') await page.screenshot({ path: `${OUT}/${size}-${shot.name}-top.png` });
  await context.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
