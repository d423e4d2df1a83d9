import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { fail } from './errors';

/** Sends a text message. */
export interface SmsSender {
  readonly kind: 'http' | 'outbox';
  send(to: string, body: string): Promise<void>;
}

/**
 * An HTTP SMS gateway: `POST {SMS_BASE_URL}/messages` with a JSON body `{ to, from, body }`
 * and `Authorization: Bearer {SMS_API_KEY}`; any 2xx is success.
 */
export class HttpSmsSender implements SmsSender {
  readonly kind = 'http' as const;
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly from: string,
    private readonly log: Logger,
  ) {}

  async send(to: string, body: string): Promise<void> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl.replace(/\/$/, '')}/messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
        },
        body: JSON.stringify({ to, from: this.from, body }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (err) {
      this.log.error({ err, to }, 'sms gateway unreachable');
      throw fail('SERVICE_UNAVAILABLE', 'Could not send the text message, please try again');
    }
    if (!res.ok) {
      this.log.error({ status: res.status, to }, 'sms gateway refused the message');
      throw fail('SERVICE_UNAVAILABLE', 'Could not send the text message, please try again');
    }
  }
}

/** Offline default: logs the message and writes it to DATA_DIR/outbox/sms-*.json. */
export class OutboxSmsSender implements SmsSender {
  readonly kind = 'outbox' as const;
  constructor(
    private readonly dir: string,
    private readonly log: Logger,
  ) {}

  async send(to: string, body: string): Promise<void> {
    await fs.mkdir(this.dir, { recursive: true });
    const file = path.join(this.dir, `sms-${Date.now()}-${to.replace(/[^0-9+]/g, '')}.json`);
    await fs.writeFile(file, JSON.stringify({ to, body, sentAt: new Date().toISOString() }));
    this.log.info({ to, body }, 'sms written to outbox');
  }
}

export function createSmsSender(
  cfg: { SMS_BASE_URL?: string; SMS_API_KEY?: string; SMS_FROM: string; dataDir: string },
  log: Logger,
): SmsSender {
  return cfg.SMS_BASE_URL
    ? new HttpSmsSender(cfg.SMS_BASE_URL, cfg.SMS_API_KEY, cfg.SMS_FROM, log)
    : new OutboxSmsSender(path.join(cfg.dataDir, 'outbox'), log);
}
