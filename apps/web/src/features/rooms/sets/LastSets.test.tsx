import { describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { sampleState } from '@tt/room-client/testing';
import type { RoomSetsPageDto, SaveSetRes } from '@tt/protocol';
import { LastSets } from './LastSets';

// The hooks of queries.ts, as the component reads them (no network in a unit test).
let setsPage: RoomSetsPageDto | undefined;
let saved: { data?: SaveSetRes; error?: unknown; isPending: boolean; mutate: () => void };
vi.mock('./queries', () => ({
  useRoomSetsQuery: () => ({ data: setsPage }),
  useSaveSetMutation: () => saved,
}));

const set = (djUuid: string, startedAt: string, songCount: number) => ({
  djUuid,
  startedAt,
  endedAt: new Date(Date.parse(startedAt) + songCount * 180_000).toISOString(),
  songCount,
  songs: [],
});

type Me = Parameters<typeof LastSets>[0]['me'];
const listener: Me = { uuid: 'listener-1', roles: ['user'], isGuest: false };
const guest: Me = { uuid: null, roles: ['guest'], isGuest: true };
const render = (me: Me) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <LastSets state={sampleState()} me={me} />
    </MemoryRouter>,
  );
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe('SET-2 SET-4: the last sets of a room on its page', () => {
  it('lists each set (DJ, time, song count) with "Save as crate", and "Save what I heard"', () => {
    setsPage = {
      total: 2,
      sets: [
        set('dj-a', '2026-11-27T20:00:00.000Z', 4),
        set('dj-b', '2026-11-27T18:00:00.000Z', 1),
      ],
    };
    saved = { isPending: false, mutate: vi.fn() };
    const html = render(listener);
    expect(count(html, 'data-testid="last-set"')).toBe(2);
    expect(count(html, 'data-testid="save-set"')).toBe(2);
    expect(html).toContain('data-testid="save-heard"');
    expect(html).toContain('sets.title');
    // Collapsed until opened; the total shows on the summary.
    expect(html).toMatch(
      /<details class="side-card recent-songs last-sets" data-testid="last-sets"><summary><h2>[^<]*<span class="muted">2<\/span>/,
    );
    expect(html).not.toContain('data-testid="set-saved"');
  });

  it('offers guests the list but no saving', () => {
    setsPage = { total: 1, sets: [set('dj-a', '2026-11-27T20:00:00.000Z', 3)] };
    saved = { isPending: false, mutate: vi.fn() };
    const html = render(guest);
    expect(count(html, 'data-testid="last-set"')).toBe(1);
    expect(html).not.toContain('save-set');
    expect(html).not.toContain('save-heard');
  });

  it('says when there is no set yet', () => {
    setsPage = { total: 0, sets: [] };
    saved = { isPending: false, mutate: vi.fn() };
    expect(render(listener)).toContain('sets.none');
  });

  it('SET-6: once saved, links to the new crate (where its export buttons are)', () => {
    setsPage = { total: 0, sets: [] };
    saved = {
      isPending: false,
      mutate: vi.fn(),
      data: {
        added: 12,
        crate: { crateUuid: 'c0ffee00-0000-4000-8000-000000000001', crateName: 'Den — Nov 27' },
      } as SaveSetRes,
    };
    const html = render(listener);
    expect(html).toContain('data-testid="set-saved"');
    expect(html).toContain('href="/crates/c0ffee00-0000-4000-8000-000000000001"');
  });
});
