// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { sampleState } from '@tt/room-client/testing';
import type { ClientRoomState } from '@tt/protocol';
import { roomStore } from '../../../lib/socket/store';
import { AfkBanner } from './AfkBanner';

/** docs/ROOM-RULES.md ROOM-RULES-7: the AFK warning and removal in the room, as the DJ sees them. */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root;
let host: HTMLDivElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  act(() => roomStore.setState({ afk: null }));
});

const seated: ClientRoomState = sampleState({
  djs: [{ uuid: 'me', tokenRole: 'user', highestRole: undefined, canDj: true, nextSong: null }],
});
const offStage: ClientRoomState = sampleState({ djs: [] });
const render = (state: ClientRoomState) =>
  act(() => root.render(<AfkBanner state={state} me={{ uuid: 'me' }} />));

describe('ROOM-RULES-7: the AFK banner', () => {
  it('ROOM-RULES-7: the warning shows to the DJ on the stage; the removal says why; both dismiss', async () => {
    await render(seated);
    expect(host.textContent).toBe('');
    act(() => roomStore.setState({ afk: { kind: 'warning', removeAt: Date.now() + 60_000 } }));
    const warning = host.querySelector('[data-testid="afk-warning"]');
    expect(warning?.getAttribute('role')).toBe('alert');
    expect(warning?.textContent).toContain('roomRules.afkWarning');
    await render(offStage); // off the stage (stepped down): no warning to show
    expect(host.querySelector('[data-testid="afk-warning"]')).toBeNull();
    act(() =>
      roomStore.setState({ afk: { kind: 'removed', reason: 'You were taken off the stage' } }),
    );
    const removed = host.querySelector('[data-testid="afk-removed"]');
    expect(removed?.textContent).toContain('You were taken off the stage');
    act(() => (removed?.querySelector('button') as HTMLButtonElement).click());
    expect(host.querySelector('[data-testid="afk-removed"]')).toBeNull();
  });

  it('ROOM-RULES-7: the warning goes at its removal time (a chat message may have answered it)', async () => {
    await render(seated);
    act(() => roomStore.setState({ afk: { kind: 'warning', removeAt: Date.now() + 50 } }));
    expect(host.querySelector('[data-testid="afk-warning"]')).not.toBeNull();
    await vi.waitFor(() => expect(host.querySelector('[data-testid="afk-warning"]')).toBeNull());
  });
});
