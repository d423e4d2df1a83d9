/**
 * The score of a demo track: every drum hit, bass note, chord, melody and arpeggio note with
 * its time, instrument, level, pan and effect sends, from the track's style, key, tempo and
 * seed. Deterministic: the same track always gives the same score.
 */
import { arrange, type Section } from './arrange';
import type { DrumName } from './drums';
import type { ToneName } from './instruments';
import { bassNote, chordNotes, fitToChord, phrases, walkingBar } from './melody';
import type { Layer } from './style-types';
import { STYLES, type Style } from './styles';
import { degreeToMidi, isMinor, parseKey, rng } from './theory';
import type { DemoTrack } from './tracks';

export type Voice =
  | { kind: 'drum'; drum: DrumName; length: number; variant: number }
  | { kind: 'tone'; tone: ToneName; notes: number[]; gate: number; vel: number; bright: number };

export interface NoteEvent {
  /** Seconds from the start. */
  time: number;
  voice: Voice;
  gain: number;
  /** -1 left .. 1 right. */
  pan: number;
  reverb: number;
  echo: number;
  /** Pumped by the side-chain. */
  duck: boolean;
  /** Right-channel delay in ms (stereo width), 0 for none. */
  width: number;
}

export interface Score {
  seconds: number;
  bpm: number;
  style: Style;
  sections: Section[];
  events: NoteEvent[];
}

const VELOCITY: Record<string, number> = { X: 1, x: 0.8, o: 0.45 };
/** The mix across styles (on top of each style's own levels). */
const MIX: Record<Layer, number> = {
  kick: 1,
  snare: 1,
  hats: 1.8,
  perc: 1.4,
  bass: 1,
  chords: 1,
  lead: 1.2,
  arp: 2.5,
};
const SUSTAIN = 'x' + '-'.repeat(15);
/** Rounds to a bucket, so similar notes share one rendering. */
const q = (x: number, step: number) => Math.round(x / step) * step;

/** Onsets of a hold pattern ("x--.x-"): [step, length in steps]. */
function onsets(pattern: string): [number, number][] {
  const out: [number, number][] = [];
  for (let s = 0; s < pattern.length; s++) {
    if (pattern[s] === '.' || pattern[s] === '-') continue;
    let len = 1;
    while (pattern[s + len] === '-') len++;
    out.push([s, len]);
  }
  return out;
}

export function compose(track: DemoTrack, seconds: number): Score {
  const st: Style = STYLES[track.style];
  const key = parseKey(track.key);
  const choose = rng(track.seed, 'choices');
  const human = rng(track.seed, 'humanize');
  const stepSec = 60 / track.bpm / 4;
  const barSec = stepSec * 16;
  const totalBars = Math.ceil(seconds / barSec);
  const sections = arrange(st.form, totalBars);

  const drumPatterns = st.drums.map((part) => choose.pick(part.patterns));
  const bassTone = choose.pick(st.bass.tones);
  const bassLines = [choose.pick(st.bass.patterns), choose.pick(st.bass.patterns)];
  const chordTone = choose.pick(st.chords.tones);
  const chordRhythm = choose.pick(st.chords.rhythms);
  const leadTone = choose.pick(st.lead.tones);
  const arpTone = st.arp ? choose.pick(st.arp.tones) : null;
  const arpOrder = choose.pick(['up', 'down', 'updown', 'skip'] as const);
  const progression = choose.pick(isMinor(key) ? st.progressions.minor : st.progressions.major);
  const barsPerChord = choose.pick(st.barsPerChord);
  const melody = phrases(rng(track.seed, 'melody'), st.lead.density, st.lead.grid);
  const walker = rng(track.seed, 'walk');
  const sevenths = st.chords.size >= 4;
  const bassHome = 36 + key.tonic;
  const leadBase = (key.tonic >= 2 ? 60 : 72) + 12 * (st.lead.octave - 1);

  const events: NoteEvent[] = [];
  const at = (bar: number, step: number, swing = true) => {
    let t = (bar * 16 + step) * stepSec;
    const u = st.swingUnit;
    if (swing && Number.isInteger(step) && step % (2 * u) === u) t += st.swing * u * stepSec;
    if (st.humanize > 0) t += (human.next() * 2 - 1) * st.humanize;
    return Math.max(0, t);
  };
  const base = { pan: 0, reverb: 0, echo: 0, duck: false, width: 0 };
  const tone = (
    t: ToneName,
    notes: number[],
    gate: number,
    vel: number,
    bright: number,
  ): Voice => ({
    kind: 'tone',
    tone: t,
    notes,
    gate: q(gate, 0.01),
    vel: q(vel, 0.05),
    bright: q(bright, 0.1),
  });
  const drum = (d: DrumName, length = 1, variant = 0): Voice => ({
    kind: 'drum',
    drum: d,
    length,
    variant,
  });
  const chordAt = (bar: number) => progression[Math.floor(bar / barsPerChord) % progression.length];

  sections.forEach((section, si) => {
    const next = sections[si + 1];
    const L = section.layers;
    const duck = st.pump > 0 && L.has('kick');
    const phrase = melody[section.phrase];
    for (let bar = section.startBar; bar < section.startBar + section.bars; bar++) {
      const rel = bar - section.startBar;
      const lastBar = next !== undefined && bar === next.startBar - 1;
      const root = chordAt(bar);
      const bright = Math.min(1, section.bright + (section.name === 'build' ? rel * 0.04 : 0));

      st.drums.forEach((part, pi) => {
        if (!L.has(part.layer)) return;
        let pattern = drumPatterns[pi];
        let offset = (bar * 16) % pattern.length;
        if (lastBar && part.layer === 'snare' && st.fill) [pattern, offset] = [st.fill, 0];
        for (let s = 0; s < 16; s++) {
          const vel = VELOCITY[pattern[offset + s]];
          if (!vel) continue;
          const jitter = st.humanize > 0 ? 0.9 + human.next() * 0.2 : 1;
          events.push({
            ...base,
            time: at(bar, s),
            voice: drum(part.voice),
            gain: part.gain * MIX[part.layer] * vel * jitter,
            pan: part.pan ?? 0,
            reverb: part.reverb ?? 0.05,
            echo: part.echo ?? 0,
          });
        }
      });
      if (section.crash && rel === 0 && st.drums.some((d) => d.layer === 'kick')) {
        events.push({ ...base, time: at(bar, 0), voice: drum('crash'), gain: 0.22, reverb: 0.2 });
      }
      if (st.riser && next?.crash && rel === section.bars - 2) {
        const length = q(barSec * 2, 0.01);
        events.push({ ...base, time: at(bar, 0), voice: drum('riser', length), gain: 0.3 });
      }
      if (st.texture === 'crackle') {
        const voice = drum('crackle', q(barSec, 0.01), bar % 4);
        events.push({ ...base, time: at(bar, 0, false), voice, gain: 1, pan: 0.1 });
      } else if (st.texture === 'wind' && bar % 2 === 0) {
        const voice = drum('wind', q(barSec * 2, 0.01), bar % 7);
        events.push({ ...base, time: at(bar, 0, false), voice, gain: 0.8, reverb: 0.3 });
      }

      if (L.has('bass')) {
        const line = bassLines[section.phrase];
        if (line === 'walk') {
          const notes = walkingBar(walker, key, root, chordAt(bar + 1), bassHome);
          notes.forEach((n, beat) => {
            const voice = tone(bassTone, [n], stepSec * 3.6, 0.85, 0.5);
            events.push({ ...base, time: at(bar, beat * 4), voice, gain: st.bass.gain });
          });
        } else {
          for (const [s, len] of onsets(line)) {
            const n = bassNote(key, root, line[s], bassHome);
            const voice = tone(
              bassTone,
              [n],
              len * stepSec * 0.9,
              s % 4 === 0 ? 0.9 : 0.75,
              bright,
            );
            events.push({ ...base, time: at(bar, s), voice, gain: st.bass.gain, duck });
          }
        }
      }

      const voicing = chordNotes(key, root, st.chords.size, st.chords.center);
      if (L.has('chords')) {
        const long = chordRhythm === SUSTAIN;
        if (!long || bar % barsPerChord === 0 || rel === 0) {
          const hold = long ? barsPerChord - (bar % barsPerChord) : 0;
          for (const [s, len] of long
            ? ([[0, 16 * hold]] as [number, number][])
            : onsets(chordRhythm)) {
            const gate = len * stepSec * (long ? 1 : 0.85);
            events.push({
              ...base,
              time: at(bar, s),
              voice: tone(chordTone, voicing, gate, s === 0 ? 0.85 : 0.75, bright),
              gain: st.chords.gain,
              reverb: st.chords.reverb,
              duck,
              width: st.chords.width,
            });
          }
        }
      }

      if (L.has('lead')) {
        const from = (rel % 8) * 16;
        for (const note of phrase) {
          if (note.step < from || note.step >= from + 16) continue;
          const midi = degreeToMidi(key, fitToChord(note, root, sevenths), leadBase);
          const vel = note.step % 8 === 0 ? 0.85 : 0.72;
          events.push({
            ...base,
            time: at(bar, note.step - from),
            voice: tone(leadTone, [midi], note.len * stepSec * 0.9, vel, 0.6),
            gain: st.lead.gain * MIX.lead,
            pan: -0.1,
            reverb: st.lead.reverb,
            echo: st.lead.echo,
          });
        }
      }

      if (L.has('arp') && st.arp && arpTone) {
        const up = voicing.map((n) => n + 12 * st.arp!.octave);
        const seq =
          arpOrder === 'down'
            ? [...up].reverse()
            : arpOrder === 'updown'
              ? [...up, ...up.slice(1, -1).reverse()]
              : arpOrder === 'skip'
                ? up.flatMap((n, i) => [n, up[(i + 2) % up.length]])
                : up;
        const rate = st.arp.rate;
        for (let s = 0, i = 0; s < 16; s += rate, i++) {
          const voice = tone(arpTone, [seq[i % seq.length]], rate * stepSec * 0.8, 0.6, bright);
          events.push({
            ...base,
            time: at(bar, s),
            voice,
            gain: st.arp.gain * MIX.arp * (s % 4 === 0 ? 1 : 0.8),
            pan: s % (2 * rate) === 0 ? 0.3 : -0.3,
            reverb: 0.35,
            echo: 0.3,
          });
        }
      }
    }
  });
  // The last bar runs past the end: its notes after the end are not heard.
  const heard = events.filter((e) => e.time < seconds).sort((a, b) => a.time - b.time);
  return { seconds, bpm: track.bpm, style: st, sections, events: heard };
}
