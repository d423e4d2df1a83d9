import type { ModerationRecord } from './events';

/** The work event of one moderation action, for the services that act (AUDIT-MOD-1). */
export function moderationRecord(
  r: Omit<ModerationRecord, 'at' | 'previousRole' | 'role' | 'reason' | 'until' | 'roomUuid'> &
    Partial<ModerationRecord>,
): ModerationRecord {
  return {
    previousRole: null,
    role: null,
    reason: '',
    until: null,
    roomUuid: null,
    ...r,
    at: new Date().toISOString(),
  };
}
