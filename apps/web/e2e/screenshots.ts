/**
 * Screenshots of every page at desktop (1280x800) and phone (390x844) widths, for a visual check.
 * Run: npx tsx apps/web/e2e/screenshots.ts   (PNGs go to /tmp/shots; nothing is committed)
 */
import fs from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { imagesEndpoints, moderationEndpoints, profileEndpoints } from '@tt/protocol';
import { launchBrowser, startServerWithWeb } from './support';

const OUT = process.env.SHOTS_DIR ?? '/tmp/shots';
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
  small: { width: 360, height: 740 },
} as const;

async function picture(browser: Browser, w: number, h: number, hue: number): Promise<Blob> {
  const page = await browser.newPage();
  const dataUrl = await page.evaluate(
    ({ w, h, hue }) => {
      const c = document.createElement('canvas');
      c.width = w;
      c.height = h;
      const g = c.getContext('2d')!;
      const grad = g.createLinearGradient(0, 0, w, h);
      grad.addColorStop(0, `hsl(${hue} 90% 55%)`);
      grad.addColorStop(1, `hsl(${hue + 60} 90% 35%)`);
      g.fillStyle = grad;
      g.fillRect(0, 0, w, h);
      for (let i = 0; i < 12; i++) {
        g.strokeStyle = `rgba(255,255,255,${0.05 + i * 0.01})`;
        g.beginPath();
        g.arc(w / 2, h / 2, 10 + i * (Math.min(w, h) / 24), 0, Math.PI * 2);
        g.stroke();
      }
      return c.toDataURL('image/png');
    },
    { w, h, hue },
  );
  await page.close();
  return new Blob([Buffer.from(dataUrl.split(',')[1], 'base64')], { type: 'image/png' });
}

async function main() {
  await fs.mkdir(OUT, { recursive: true });
  const s = await startServerWithWeb();
  const browser = await launchBrowser();
  try {
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const dj = await s.createUser({ nickname: 'DJ Nova' });
    const api = s.as(dj.token);
    await api.call(profileEndpoints.updateProfile, {
      body: {
        firstName: 'Nova',
        lastName: 'Reyes',
        pronoun: 'she/her',
        displayPronouns: true,
        zodiac: 'leo',
        songOfTheWeek: 'Daft Punk – Digital Love',
        color: '#EC4899',
      },
    });
    await api.call(profileEndpoints.userSocials, {
      body: { instagram: 'djnova', tiktok: 'djnova', twitter: 'djnova_live' },
    });
    await s.as(admin.token).call(moderationEndpoints.changeBadgesAdmin, {
      body: { userUuid: dj.uuid, badges: ['VERIFIED', 'PLATINUM'] },
    });
    for (const [kind, w, h, hue] of [
      ['profilePicture', 256, 256, 280],
      ['coverPicture', 1200, 300, 250],
    ] as const) {
      const form = new FormData();
      form.append('kind', kind);
      form.append('file', await picture(browser, w, h, hue), `${kind}.png`);
      await api.call(imagesEndpoints.upload, { body: form });
    }
    const plain = await s.createUser({ nickname: 'Listener' });

    const shots: {
      name: string;
      path: string;
      token?: string;
      act?: (p: Page) => Promise<void>;
    }[] = [
      { name: 'landing-guest', path: '/' },
      { name: 'landing-es', path: '/?lang=es' },
      { name: 'landing-user', path: '/', token: dj.token },
      { name: 'signup', path: '/signup' },
      { name: 'login-email', path: '/login' },
      {
        name: 'login-email-error',
        path: '/login',
        act: async (p) => {
          await p.getByRole('textbox', { name: 'E-mail' }).fill('nobody@example.test');
          await p.getByLabel('Password').fill('wrong-password');
          await p.getByTestId('login-submit').click();
          await p.getByRole('alert').waitFor();
        },
      },
      {
        name: 'login-phone-voip',
        path: '/login?method=phone',
        act: async (p) => {
          await p.getByLabel('Mobile number').fill('+44 56 1234 5678');
          await p.getByTestId('phone-send').click();
          await p.getByTestId('phone-error').waitFor();
        },
      },
      {
        name: 'login-phone-code',
        path: '/login?method=phone',
        act: async (p) => {
          await p.getByLabel('Mobile number').fill('+44 7400 123456');
          await p.getByTestId('phone-send').click();
          await p.getByLabel('6-digit code').waitFor();
        },
      },
      { name: 'verify-email', path: '/verify-email?email=new@example.test', token: plain.token },
      {
        name: 'verify-email-bad-link',
        path: '/verify-email?email=new@example.test&code=000000',
        act: async (p) => void (await p.getByTestId('verify-error').waitFor()),
      },
      { name: 'forgot-password', path: '/forgot-password' },
      {
        name: 'forgot-password-sent',
        path: '/forgot-password',
        act: async (p) => {
          await p.getByRole('textbox', { name: 'E-mail' }).fill('someone@example.test');
          await p.getByRole('button', { name: 'Send reset link' }).click();
          await p.getByTestId('forgot-sent').waitFor();
        },
      },
      { name: 'reset-password', path: '/reset-password?token=abc' },
      { name: 'reset-password-no-token', path: '/reset-password' },
      {
        name: 'magic-link-bad',
        path: '/magic-link/not-a-token/%2F',
        act: async (p) => void (await p.getByRole('alert').waitFor()),
      },
      { name: 'profile', path: `/profile/${dj.uuid}` },
      { name: 'profile-plain', path: `/profile/${plain.uuid}`, token: plain.token },
      { name: 'profile-missing', path: '/profile/00000000-0000-4000-8000-000000000000' },
      { name: 'profile-edit', path: '/settings/profile', token: dj.token },
      {
        name: 'profile-edit-saved',
        path: '/settings/profile',
        token: dj.token,
        act: async (p) => {
          await p.getByTestId('profile-save').click();
          await p.locator('[data-phase="submitted"]').waitFor();
        },
      },
      {
        name: 'user-menu-open',
        path: '/',
        token: dj.token,
        act: async (p) => {
          await p.getByTestId('user-menu').filter({ hasText: /\S/ }).click();
          await p.getByTestId('logout').waitFor();
        },
      },
      { name: 'not-found', path: '/no/such/page' },
    ];

    for (const [size, viewport] of Object.entries(SIZES)) {
      for (const shot of shots) {
        const context: BrowserContext = await browser.newContext({ viewport, locale: 'en-US' });
        await context.addInitScript(
          ({ token, lang }) => {
            if (token && !sessionStorage.getItem('seeded')) {
              localStorage.setItem(
                'tt-session',
                JSON.stringify({ state: { accessToken: token }, version: 0 }),
              );
              sessionStorage.setItem('seeded', '1');
            }
            if (!lang) localStorage.setItem('locale', 'en');
          },
          { token: shot.token ?? null, lang: shot.path.includes('lang=') },
        );
        const page = await context.newPage();
        page.setDefaultTimeout(10_000);
        page.on('pageerror', (e) => console.error(`[${shot.name}] page error: ${e.message}`));
        await page.goto(`${s.url}${shot.path}`);
        await page.waitForLoadState('networkidle');
        if (shot.act) await shot.act(page);
        await page.waitForTimeout(300);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        if (overflow > 0) console.warn(`[${size}-${shot.name}] ${overflow}px horizontal overflow`);
        await page.screenshot({ path: `${OUT}/${size}-${shot.name}.png`, fullPage: true });
        if (size !== 'desktop') {
          await page.screenshot({ path: `${OUT}/${size}-${shot.name}-top.png` });
        }
        await context.close();
      }
    }
    console.log(`screenshots written to ${OUT}`);
  } finally {
    await browser.close();
    await s.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
