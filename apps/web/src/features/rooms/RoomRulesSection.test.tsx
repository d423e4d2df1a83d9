import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { RoomRules } from '@tt/protocol';
import { activeRuleLines } from '@tt/rules';
import { RoomRulesBar } from './room/RoomRules';
import { draftFromRules, RoomRulesSection, rulesFromDraft } from './RoomRulesSection';

vi.mock('./queries', () => ({
  useRoomRulesMutation: () => ({ mutate: vi.fn(), reset: vi.fn(), isPending: false }),
}));

const UUID = '0b8f3a52-4a65-4a1b-9c55-1d2e3f4a5b6c';

describe('ROOM-RULES-5: the "Room rules" section of the room settings', () => {
  it('ROOM-RULES-5: empty fields turn rules off; filled ones become valid rules', () => {
    const empty = {
      maxSongMinutes: '',
      noRepeatPlays: '',
      noRepeatHours: '',
      djMinutesPerHour: '',
      boothLock: '',
      dislikeSkipPercent: '',
      afkDjMinutes: '',
      newTracksOnly: false,
      boothFrozen: false,
      crossfadeSeconds: '',
    };
    expect(rulesFromDraft(empty)).toEqual({
      maxSongSeconds: null,
      noRepeatPlays: null,
      noRepeatHours: null,
      djMinutesPerHour: null,
      boothLock: null,
      dislikeSkipShare: null,
      afkDjMinutes: null,
      newTracksOnly: null,
      boothFrozen: null,
      crossfadeSeconds: null,
    });
    const rules = rulesFromDraft({
      maxSongMinutes: '6.5',
      noRepeatPlays: '20',
      noRepeatHours: '',
      djMinutesPerHour: '15',
      boothLock: `${UUID}\n  `,
      dislikeSkipPercent: '40',
      afkDjMinutes: '15',
      newTracksOnly: true,
      boothFrozen: false,
      crossfadeSeconds: '0',
    });
    expect(rules).toEqual({
      maxSongSeconds: 390,
      noRepeatPlays: 20,
      noRepeatHours: null,
      djMinutesPerHour: 15,
      boothLock: [UUID],
      dislikeSkipShare: 0.4,
      afkDjMinutes: 15,
      newTracksOnly: true,
      boothFrozen: null,
      crossfadeSeconds: 0,
    });
    expect(RoomRules.safeParse(rules).success).toBe(true);
    expect(rulesFromDraft(draftFromRules(rules))).toEqual(rules);
  });

  it('ROOM-RULES-5: the section shows the saved rules in its fields', () => {
    const html = renderToStaticMarkup(
      <RoomRulesSection room={{ uuid: 'r', slug: 'r', rules: { noRepeatPlays: 7 } }} />,
    );
    expect(html).toContain('roomRules.title');
    expect(html).toMatch(
      /data-testid="room-rules-noRepeatPlays"[^>]*value="7"|value="7"[^>]*data-testid="room-rules-noRepeatPlays"/,
    );
  });
});

describe('ROOM-RULES-7..9: setting the new rules in the section', () => {
  it('ROOM-RULES-7/8/9: the section holds the AFK minutes, the two switches and the crossfade', () => {
    const html = renderToStaticMarkup(
      <RoomRulesSection
        room={{
          uuid: 'r',
          slug: 'r',
          rules: { afkDjMinutes: 12, newTracksOnly: true, boothFrozen: true, crossfadeSeconds: 3 },
        }}
      />,
    );
    for (const key of ['afkDjMinutes', 'newTracksOnly', 'boothFrozen', 'crossfadeSeconds']) {
      expect(html).toContain(`roomRules.${key}`);
      expect(html).toContain(`data-testid="room-rules-${key}"`);
    }
    expect(html).toMatch(
      /value="12"[^>]*data-testid="room-rules-afkDjMinutes"|data-testid="room-rules-afkDjMinutes"[^>]*value="12"/,
    );
    expect(html.match(/type="checkbox"[^>]*checked=""/g)).toHaveLength(2);
    const draft = draftFromRules({ afkDjMinutes: 12, boothFrozen: true, crossfadeSeconds: 3 });
    expect(draft).toMatchObject({ afkDjMinutes: '12', newTracksOnly: false, boothFrozen: true });
    expect(RoomRules.safeParse(rulesFromDraft(draft)).success).toBe(true);
  });
});

describe('ROOM-RULES-1..4: the rules shown to everyone in the room', () => {
  it('lists only the rules in force, with their values', () => {
    expect(activeRuleLines(undefined)).toEqual([]);
    expect(
      activeRuleLines({
        maxSongSeconds: 390,
        noRepeatHours: 3,
        boothLock: [UUID],
        dislikeSkipShare: 0.25,
      }),
    ).toEqual([
      { key: 'maxSongSeconds', values: { time: '6:30' } },
      { key: 'noRepeatHours', values: { count: 3 } },
      { key: 'boothLock', values: { count: 1 } },
      { key: 'dislikeSkipShare', values: { percent: 25 } },
    ]);
    expect(renderToStaticMarkup(<RoomRulesBar rules={undefined} />)).toBe('');
    const html = renderToStaticMarkup(<RoomRulesBar rules={{ noRepeatPlays: 5 }} />);
    expect(html).toContain('data-testid="room-rule-noRepeatPlays"');
    expect(html).not.toContain('room-rule-maxSongSeconds');
  });

  it('ROOM-RULES-7..9: the new rules and the crossfade are shown when set', () => {
    expect(
      activeRuleLines({
        afkDjMinutes: 10,
        newTracksOnly: true,
        boothFrozen: true,
        crossfadeSeconds: 4,
      }),
    ).toEqual([
      { key: 'afkDjMinutes', values: { count: 10 } },
      { key: 'newTracksOnly', values: {} },
      { key: 'boothFrozen', values: {} },
      { key: 'crossfadeSeconds', values: { count: 4 } },
    ]);
    expect(
      activeRuleLines({ newTracksOnly: false, boothFrozen: null, crossfadeSeconds: 0 }),
    ).toEqual([]);
  });
});
