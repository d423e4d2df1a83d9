import { render, screen, waitFor } from '@testing-library/react-native';
import { BUILTIN_AVATARS } from '@tt/rules';
import { queryClient } from '../../lib/queryClient';
import { Providers, fakeFetch } from '../dj/testing';
import { Avatar } from '../room/Avatar';
import { avatarKeys } from './queries';

/** The figure is decorative: hidden from screen readers (the name is read instead). */
const HIDDEN = { includeHiddenElements: true };
const CLOSED_EYES = 'M46 47 Q50 50 54 47 M66 47 Q70 50 74 47';
const custom = {
  ...BUILTIN_AVATARS[0],
  id: '00000000-0000-4000-8000-000000000001',
  slug: 'club-kid',
  name: 'Club Kid',
  art: { ...BUILTIN_AVATARS[0].art, head: 'cat', hair: 'mohawk' },
  discordOnly: false,
  awardTopRank: null,
  awardSeasonId: null,
  customFields: {},
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const api = fakeFetch((url) => (url.endsWith('/all-avatars') ? [200, [custom]] : [404, {}]));

beforeAll(() => {
  globalThis.fetch = api.fetch;
});
afterEach(() => queryClient.clear());

/** Waits for the catalogue's request to finish (its answer re-renders the avatars). */
const catalogueLoaded = () =>
  waitFor(() => expect(queryClient.getQueryState(avatarKeys.all)?.status).toBe('success'));

/** Every `d` of the paths drawn under a node of the rendered tree. */
interface Node {
  props: Record<string, unknown>;
  children: (Node | string)[] | null;
}
function pathsOf(node: Node | Node[] | null): string[] {
  if (!node) return [];
  if (Array.isArray(node)) return node.flatMap(pathsOf);
  const own = typeof node.props.d === 'string' ? [node.props.d as string] : [];
  return [
    ...own,
    ...(node.children ?? []).flatMap((c) => (typeof c === 'string' ? [] : pathsOf(c))),
  ];
}

describe('AVATAR-ART-1: the phone draws avatar characters from the shared shapes', () => {
  it('draws a built-in character before the catalogue loads, and no initials', async () => {
    await render(
      <Providers>
        <Avatar nickname="Ana Beat" color="#EC4899" avatarId="default" testID="ana" />
      </Providers>,
    );
    expect(screen.getByTestId('ana-figure', HIDDEN)).toBeTruthy();
    expect(screen.queryByText('AB')).toBeNull();
    expect(screen.getByText('Ana Beat')).toBeTruthy();
    await catalogueLoaded();
    expect(screen.getByTestId('ana-figure', HIDDEN)).toBeTruthy();
  });

  it("draws an avatar only the server's catalogue knows, once it loads", async () => {
    await render(
      <Providers>
        <Avatar nickname="Cy" color="#22D3EE" avatarId="club-kid" testID="cy" />
      </Providers>,
    );
    expect(await screen.findByTestId('cy-figure', HIDDEN)).toBeTruthy();
    expect(api.seen.some((r) => r.url.endsWith('/all-avatars'))).toBe(true);
  });

  it('shows the initials on their colour without an avatar, or with an unknown one', async () => {
    await render(
      <Providers>
        <Avatar nickname="Ana Beat" color="#EC4899" testID="a" />
        <Avatar nickname="Ben" color="#EC4899" avatarId="no-such-avatar" testID="b" />
      </Providers>,
    );
    expect(screen.getByText('AB')).toBeTruthy();
    expect(screen.getByText('BE')).toBeTruthy();
    expect(screen.queryByTestId('a-figure', HIDDEN)).toBeNull();
    expect(screen.queryByTestId('b-figure', HIDDEN)).toBeNull();
    await catalogueLoaded();
    expect(screen.getByText('BE')).toBeTruthy();
  });

  it('draws the whole figure on the floor; dancing, its eyes close', async () => {
    const { rerender, toJSON } = await render(
      <Providers>
        <Avatar nickname="Ana" color="#EC4899" avatarId="default" mode="full" testID="f" />
      </Providers>,
    );
    await catalogueLoaded();
    expect(screen.getByTestId('f-figure', HIDDEN)).toBeTruthy();
    expect(pathsOf(toJSON() as Node | null)).not.toContain(CLOSED_EYES);
    await rerender(
      <Providers>
        <Avatar nickname="Ana" color="#EC4899" avatarId="default" mode="full" dancing testID="f" />
      </Providers>,
    );
    expect(pathsOf(toJSON() as Node | null)).toContain(CLOSED_EYES);
  });
});
