import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends e-mail through nodemailer: SMTP when SMTP_URL is set; otherwise every message is
 * written to DATA_DIR/outbox/ (an .eml file and a .json summary) and logged, so the demo works offline.
 */
export class Mailer {
  private transport: Transporter;
  readonly outboxDir: string | null;

  constructor(
    private readonly opts: { smtpUrl?: string; from: string; dataDir: string; log: Logger },
  ) {
    if (opts.smtpUrl) {
      this.transport = nodemailer.createTransport(opts.smtpUrl);
      this.outboxDir = null;
    } else {
      this.transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
      this.outboxDir = path.join(opts.dataDir, 'outbox');
    }
  }

  async send(msg: MailMessage): Promise<void> {
    const info = await this.transport.sendMail({ from: this.opts.from, ...msg });
    if (this.outboxDir) {
      await fs.mkdir(this.outboxDir, { recursive: true });
      const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      const safeTo = msg.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const base = path.join(this.outboxDir, `${stamp}-${safeTo}`);
      await fs.writeFile(`${base}.eml`, (info as { message: Buffer }).message);
      await fs.writeFile(
        `${base}.json`,
        JSON.stringify({ ...msg, from: this.opts.from, sentAt: new Date().toISOString() }, null, 2),
      );
      this.opts.log.info(
        { to: msg.to, subject: msg.subject, file: `${base}.eml` },
        'mail written to outbox',
      );
    } else {
      this.opts.log.info({ to: msg.to, subject: msg.subject }, 'mail sent');
    }
  }

  close(): void {
    this.transport.close();
  }
}
