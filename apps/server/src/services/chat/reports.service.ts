import type { ChatReportDto } from '@tt/protocol';
import type { ChatCaller } from './access';
import type { ChatCore } from './core';
import type { ChatMessages } from './messages.service';
import { cometMessage } from './present';

type ReportRow = Awaited<ReturnType<ChatCore['repo']['report']>>;

const toDto = (r: ReportRow): ChatReportDto => ({
  id: r.id,
  messageId: String(r.messageId),
  reportIdentifier: String(r.messageId),
  reporter: r.reporter,
  reason: r.reason,
  createdAt: r.createdAt.toISOString(),
});

/**
 * CHAT-REPORT-1: a user reports a message they can read; from then on it is left out of the
 * pages they read (its reportIdentifier is the message id, so the client drops it too).
 * Reporting again changes nothing. Moderators and staff list the reports.
 */
export class ChatReports {
  constructor(
    private readonly core: ChatCore,
    private readonly messages: ChatMessages,
  ) {}

  async report(caller: ChatCaller, messageId: string, reason = ''): Promise<ChatReportDto> {
    const { row } = await this.messages.readable(caller, messageId);
    return toDto(await this.core.repo.report(row.id, caller.uid, reason));
  }

  async list(limit: number, offset: number) {
    const { total, rows } = await this.core.repo.reports(limit, offset);
    const messages = await Promise.all(rows.map((r) => this.core.repo.byId(r.messageId)));
    return {
      total,
      reports: rows.map((r, i) => {
        const m = messages[i];
        return { ...toDto(r), message: m ? cometMessage(m, []) : null };
      }),
    };
  }
}
