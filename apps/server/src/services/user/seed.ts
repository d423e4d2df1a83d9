import type { UserRole } from '@tt/protocol';
import type { AccountService } from './service';

/** Demo accounts, created on first start when SEED_DEMO is on. Printed at start and in the README. */
export const DEMO_USERS: {
  email: string;
  password: string;
  nickname: string;
  roles: UserRole[];
}[] = [
  {
    email: 'admin@turntable.local',
    password: 'admin-pass-123',
    nickname: 'Admin',
    roles: ['user', 'admin'],
  },
  {
    email: 'mod@turntable.local',
    password: 'mod-pass-123',
    nickname: 'Moderator',
    roles: ['user', 'moderator'],
  },
  { email: 'dj@turntable.local', password: 'dj-pass-123', nickname: 'DJ Nova', roles: ['user'] },
  {
    email: 'listener@turntable.local',
    password: 'listener-pass-123',
    nickname: 'Listener',
    roles: ['user'],
  },
];

export async function seedDemoUsers(accounts: AccountService): Promise<string[]> {
  const lines: string[] = [];
  for (const d of DEMO_USERS) {
    if (!(await accounts.repo.liveEmail(d.email))) {
      await accounts.createAccount({ ...d, emailStatus: 'VERIFIED' });
    }
    lines.push(`${d.nickname.padEnd(10)} ${d.email} / ${d.password}  (${d.roles.join(', ')})`);
  }
  return lines;
}
