/**
 * ACTIVITY-1: the app runs as a Discord activity when Discord opens it with its query parameters
 * (`frame_id` and `instance_id`); that is remembered for the tab, since the app's own links drop
 * them.
 */
const KEY = 'tt-activity';

export interface ActivityContext {
  frameId: string;
  instanceId: string;
  platform: string | null;
  guildId: string | null;
  channelId: string | null;
}

/** Reads the activity's parameters from the address once, at start. */
export function detectActivity(search = window.location.search): ActivityContext | null {
  const q = new URLSearchParams(search);
  const frameId = q.get('frame_id');
  const instanceId = q.get('instance_id');
  if (frameId && instanceId) {
    const ctx: ActivityContext = {
      frameId,
      instanceId,
      platform: q.get('platform'),
      guildId: q.get('guild_id'),
      channelId: q.get('channel_id'),
    };
    try {
      sessionStorage.setItem(KEY, JSON.stringify(ctx));
    } catch {
      // Storage refused (private mode): this page still knows from its address.
    }
    return ctx;
  }
  return activity();
}

/** The activity this tab runs in, or null on the ordinary website. */
export function activity(): ActivityContext | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as ActivityContext) : null;
  } catch {
    return null;
  }
}

export const inActivity = (): boolean => activity() !== null;

/**
 * ACTIVITY-1: a call to Audius or SoundCloud goes through this origin's `/.proxy/<service>/…`
 * inside the activity (the page may reach only its own origin there); elsewhere it is unchanged.
 * `bases` are the services' API addresses as the server is configured.
 */
export function proxied(url: string, bases: Record<'audius' | 'soundcloud', string>): string {
  if (!inActivity()) return url;
  for (const [name, base] of Object.entries(bases)) {
    const root = base.replace(/\/$/, '');
    if (url === root || url.startsWith(`${root}/`) || url.startsWith(`${root}?`)) {
      return `/.proxy/${name}${url.slice(root.length)}`;
    }
  }
  return url;
}
