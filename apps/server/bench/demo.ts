/**
 * `npm run bench -- demo`: how fast the demo catalogue is made. Renders every track at full
 * length (CPU time of the synthesiser, real-time factor, by style), then seeds a few tracks
 * through the whole pipeline (render, ingest, transcode job, VERIFIED) and times that too.
 * BENCH_DEMO_SEED (default 3) is how many tracks go through the pipeline.
 */
import { renderTrack } from '../src/services/song/demo/render';
import { DEMO_TRACKS } from '../src/services/song/demo/tracks';
import { seedDemoCatalogue } from '../src/services/song/seed';
import type { TestServer } from '../test/harness';

export async function benchDemo(s: TestServer, seedCount: number) {
  const byStyle = new Map<string, { tracks: number; audio: number; cpu: number }>();
  let audio = 0;
  let cpu = 0;
  let peakRss = 0;
  const wall = performance.now();
  for (const track of DEMO_TRACKS) {
    const before = process.cpuUsage();
    const r = await renderTrack(track);
    const used = process.cpuUsage(before);
    const ms = (used.user + used.system) / 1000;
    audio += r.seconds;
    cpu += ms;
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
    const row = byStyle.get(track.style) ?? { tracks: 0, audio: 0, cpu: 0 };
    byStyle.set(track.style, {
      tracks: row.tracks + 1,
      audio: row.audio + r.seconds,
      cpu: row.cpu + ms,
    });
  }
  const wallMs = performance.now() - wall;
  console.table(
    [...byStyle].map(([style, r]) => ({
      style,
      tracks: r.tracks,
      'audio s': Math.round(r.audio),
      'cpu ms': Math.round(r.cpu),
      'x real time': Math.round(r.audio / (r.cpu / 1000)),
    })),
  );
  console.log(
    `synthesis: ${DEMO_TRACKS.length} tracks, ${Math.round(audio)} s of audio in ${Math.round(cpu)} ms CPU ` +
      `(${Math.round(wallMs)} ms wall), ${Math.round(audio / (cpu / 1000))}x real time, ` +
      `${Math.round(cpu / DEMO_TRACKS.length)} ms per track, peak RSS ${Math.round(peakRss / 1e6)} MB`,
  );

  if (seedCount > 0) {
    const started = performance.now();
    const songs = await seedDemoCatalogue(s.app.platform, { count: seedCount });
    const ms = performance.now() - started;
    const seconds = songs.reduce((sum, x) => sum + x.duration, 0);
    const verified = songs.filter((x) => x.status === 'VERIFIED').length;
    console.log(
      `pipeline: ${verified}/${seedCount} full-length tracks (${seconds} s of audio) rendered, ingested, ` +
        `transcoded and VERIFIED in ${Math.round(ms)} ms (${Math.round(ms / seedCount)} ms per track)`,
    );
  }
}
