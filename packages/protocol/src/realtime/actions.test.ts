import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../errors';
import {
  COMMON_SOCKET_REFUSALS,
  SOCKET_ACTIONS,
  isRoomActionName,
  isSocketAction,
} from './actions';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const doc = fs.readFileSync(path.join(root, 'docs/PROTOCOL.md'), 'utf8');

/** The rows of the actions table in docs/PROTOCOL.md §4, by action name. */
function documentedActions(): Map<string, string> {
  const section = doc.slice(doc.indexOf('## 4. Actions'), doc.indexOf('## 5. Messages'));
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const m = /^\| `(\w+)` \|/.exec(line);
    if (m) rows.set(m[1], line);
  }
  return rows;
}

describe('PROTO-ACTIONS-1: the socket actions registry', () => {
  const rows = documentedActions();

  it('docs/PROTOCOL.md documents exactly the actions of the registry', () => {
    expect([...rows.keys()].sort()).toEqual(Object.keys(SOCKET_ACTIONS).sort());
  });

  it.each(Object.values(SOCKET_ACTIONS))('$name: its row names every param and refusal', (def) => {
    const row = rows.get(def.name)!;
    expect(def.params).toBeInstanceOf(z.ZodObject);
    const keys = Object.keys((def.params as unknown as z.ZodObject).shape);
    expect(keys).toContain('roomUuid');
    for (const key of keys) expect(row, `${def.name}: param ${key}`).toContain(`\`${key}`);
    for (const code of def.refusals) {
      if (code === 'ROOM_BANNED' && def.name !== 'joinRoom') continue; // said once above the table
      if (code === 'ROOM_NOT_JOINED' || code === 'ROOM_GUEST_LISTEN_ONLY') continue;
      expect(row, `${def.name}: refusal ${code}`).toContain(`\`${code}\` *${ERRORS[code].message}`);
    }
  });

  it('PROTO-ERR-1: every refusal is a code of the catalogue, the common ones documented', () => {
    for (const def of Object.values(SOCKET_ACTIONS)) {
      for (const code of def.refusals) expect(ERRORS).toHaveProperty(code);
    }
    for (const code of COMMON_SOCKET_REFUSALS) expect(ERRORS).toHaveProperty(code);
    for (const code of ['ROOM_NOT_JOINED', 'ROOM_GUEST_LISTEN_ONLY', 'SOCKET_UNKNOWN_ACTION']) {
      expect(doc).toContain(`\`${code}\``);
    }
  });

  it('tells registry actions from other names', () => {
    expect(isSocketAction('joinRoom')).toBe(true);
    expect(isRoomActionName('joinRoom')).toBe(false);
    expect(isRoomActionName('voteOnSong')).toBe(true);
    expect(isSocketAction('toString')).toBe(false);
    expect(isSocketAction('dance')).toBe(false);
  });

  it('validates params with the schema of the definition', () => {
    const vote = SOCKET_ACTIONS.voteOnSong.params;
    expect(vote.safeParse({ roomUuid: 'r', songVotes: { like: true } }).success).toBe(true);
    expect(vote.safeParse({ roomUuid: 'r', songVotes: {} }).success).toBe(false);
    expect(SOCKET_ACTIONS.playOneTimeAnimation.params.safeParse({ roomUuid: 'r' }).success).toBe(
      false,
    );
  });
});
