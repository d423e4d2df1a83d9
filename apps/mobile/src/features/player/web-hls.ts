/**
 * The web export only: a <video> element cannot send the bearer token, so the playlist is fetched
 * here with it, its key fetched with it and written into the playlist as a data: URI, segment URIs
 * made absolute, and the whole playlist handed to the element as a data: URI (what the web app
 * does for Safari's native HLS).
 */
type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export async function inlineHlsPlaylist(
  playlistUrl: string,
  headers: Record<string, string> | undefined,
  fetchFn: FetchLike,
): Promise<string> {
  const res = await fetchFn(playlistUrl, { headers });
  if (!res.ok) throw new Error(`HLS playlist answered ${res.status}`);
  const text = await res.text();
  const keys = new Map<string, string>();
  const lines: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = line.startsWith('#EXT-X-KEY:') ? /URI="([^"]+)"/.exec(line) : null;
    if (match) {
      const keyUrl = new URL(match[1], playlistUrl).href;
      let data = keys.get(keyUrl);
      if (!data) {
        const keyRes = await fetchFn(keyUrl, { headers });
        if (!keyRes.ok) throw new Error(`HLS key answered ${keyRes.status}`);
        data = `data:application/octet-stream;base64,${toBase64(new Uint8Array(await keyRes.arrayBuffer()))}`;
        keys.set(keyUrl, data);
      }
      lines.push(line.replace(match[0], `URI="${data}"`));
    } else if (line && !line.startsWith('#')) {
      lines.push(new URL(line, playlistUrl).href);
    } else {
      lines.push(line);
    }
  }
  const playlist = new TextEncoder().encode(lines.join('\n'));
  return `data:application/vnd.apple.mpegurl;base64,${toBase64(playlist)}`;
}
