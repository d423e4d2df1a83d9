import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  crateEndpoints as c,
  crateExportEndpoints as x,
  providerTokenEndpoints as pt,
} from '@tt/protocol';
import { expectError } from '../../../../test/harness';
import { startPlaylistWorld, type PlaylistWorld } from '../test-kit';
import { providerSong } from './test-kit';

const REDIRECT = 'http://localhost:5173/callback/spotify';

let w: PlaylistWorld;
let alice: { uuid: string; token: string };
let bob: { uuid: string; token: string };
let crateUuid: string;

beforeAll(async () => {
  w = await startPlaylistWorld();
  alice = await w.s.createUser();
  bob = await w.s.createUser();
  const code = w.spotify.users.issueCode(REDIRECT);
  await w.s.as(alice.token).call(pt.spotifyExchangeCode, { body: { code, redirectUri: REDIRECT } });
  w.apple.userTokens.add('alice-music-user-token');
  await w.s
    .as(alice.token)
    .call(pt.appleSaveUserToken, { body: { musicUserToken: 'alice-music-user-token' } });
  const crate = await w.s.as(alice.token).call(c.create, { body: { crateName: 'Late night' } });
  crateUuid = crate.crateUuid;
  await w.s.as(alice.token).call(c.addSongs, {
    params: { id: crateUuid },
    body: {
      songs: [
        providerSong(1, { musicProviders: { spotify: 'spA1', apple: '1440000001' } }),
        providerSong(2, { musicProviders: { apple: '1440000002' } }),
        providerSong(3, { musicProviders: { spotify: 'spA3' } }),
        providerSong(4, { musicProviders: { youtube: 'ytOnly00001' } }),
      ],
    },
  });
});
afterAll(() => w.close());

describe('crate exports', () => {
  it('makes a private Spotify playlist of the songs with a Spotify id, in order', async () => {
    const res = await w.s.as(alice.token).call(x.spotify, { body: { crateUuid } });
    expect(res).toMatchObject({ exported: 2, missing: 2 });
    expect(res.url).toBe(`https://open.spotify.com/playlist/${res.providerPlaylistId}`);
    expect(w.spotify.userPlaylists.get(res.providerPlaylistId)).toEqual({
      owner: 'fake-spotify-user',
      name: 'Late night',
      public: false,
      uris: ['spotify:track:spA1', 'spotify:track:spA3'],
    });
  });

  it('makes an Apple Music library playlist with the Music-User-Token', async () => {
    const res = await w.s.as(alice.token).call(x.apple, { body: { crateUuid } });
    expect(res).toMatchObject({ exported: 2, missing: 2 });
    expect(w.apple.libraryPlaylists.get(res.providerPlaylistId)).toEqual({
      userToken: 'alice-music-user-token',
      name: 'Late night',
      songIds: ['1440000001', '1440000002'],
    });
  });

  it('needs a connected account, a readable crate with songs there, and no guest', async () => {
    await expectError(
      w.s.as(bob.token).call(x.spotify, { body: { crateUuid } }),
      404,
      'Spotify is not connected for this account.',
    );
    await expectError(
      w.s.as(bob.token).call(x.apple, { body: { crateUuid } }),
      404,
      'Apple Music is not connected for this account.',
    );
    const empty = await w.s.as(alice.token).call(c.create, { body: {} });
    await expectError(
      w.s.as(alice.token).call(x.spotify, { body: { crateUuid: empty.crateUuid } }),
      400,
      'None of the songs of this crate are at this music provider.',
    );
    await expectError(
      w.s.as(alice.token).call(x.spotify, { body: { crateUuid: 'nope' } }),
      400,
      /must be a crate uuid/,
    );
    await expectError(
      w.s
        .as(alice.token)
        .call(x.spotify, { body: { crateUuid: '00000000-0000-4000-8000-000000000000' } }),
      404,
      'Crate not found.',
    );
    const guest = (await w.s.client.call(authEndpoints.guest, {})).accessToken;
    await expectError(w.s.as(guest).call(x.spotify, { body: { crateUuid } }), 403);
  });

  it('asks to reconnect when the provider refuses the token', async () => {
    w.apple.userTokens.delete('alice-music-user-token');
    try {
      await expectError(
        w.s.as(alice.token).call(x.apple, { body: { crateUuid } }),
        403,
        'The music provider no longer accepts this connection; please connect again.',
      );
    } finally {
      w.apple.userTokens.add('alice-music-user-token');
    }
  });
});
