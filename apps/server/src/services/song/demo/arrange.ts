/**
 * Song form: the sections of a track (intro, verse, break, drop, outro...), which layers play
 * in each, and how many bars each gets. Sections are whole 4-bar phrases; the last one takes
 * whatever is left up to the end of the track (the renderer fades it out).
 */
import type { Form, Layer } from './style-types';

export interface Section {
  name: string;
  startBar: number;
  bars: number;
  layers: ReadonlySet<Layer>;
  /** 0..1: how open the chord filters are. */
  bright: number;
  /** A cymbal crash on the first beat. */
  crash: boolean;
  /** Which of the two melody phrases the lead plays. */
  phrase: 0 | 1;
}

interface SectionPlan {
  name: string;
  /** Share of the 4-bar phrases. */
  weight: number;
  layers: Layer[];
  bright: number;
  crash?: boolean;
  phrase?: 0 | 1;
}

const ALL: Layer[] = ['kick', 'snare', 'hats', 'perc', 'bass', 'chords', 'lead', 'arp'];

const FORMS: Record<Form, SectionPlan[]> = {
  club: [
    { name: 'intro', weight: 1, layers: ['kick', 'hats', 'chords'], bright: 0.2 },
    { name: 'build', weight: 2, layers: ['kick', 'hats', 'perc', 'bass', 'chords'], bright: 0.35 },
    {
      name: 'verse',
      weight: 4,
      layers: ['kick', 'snare', 'hats', 'perc', 'bass', 'chords', 'arp'],
      bright: 0.65,
      crash: true,
    },
    { name: 'break', weight: 2, layers: ['chords', 'lead', 'perc'], bright: 0.45, phrase: 0 },
    { name: 'drop', weight: 4, layers: ALL, bright: 0.9, crash: true, phrase: 1 },
    { name: 'outro', weight: 1, layers: ['kick', 'hats', 'perc', 'bass', 'chords'], bright: 0.3 },
  ],
  groove: [
    { name: 'intro', weight: 1, layers: ['chords', 'hats'], bright: 0.35 },
    {
      name: 'verse',
      weight: 3,
      layers: ['kick', 'snare', 'hats', 'bass', 'chords', 'lead'],
      bright: 0.6,
      phrase: 0,
    },
    {
      name: 'bridge',
      weight: 2,
      layers: ['kick', 'snare', 'hats', 'perc', 'bass', 'chords', 'arp', 'lead'],
      bright: 0.55,
      phrase: 1,
    },
    { name: 'chorus', weight: 3, layers: ALL, bright: 0.8, crash: true, phrase: 0 },
    { name: 'outro', weight: 1, layers: ['chords', 'hats', 'bass'], bright: 0.4 },
  ],
  ambient: [
    { name: 'swell', weight: 1, layers: ['chords'], bright: 0.25 },
    { name: 'tide', weight: 2, layers: ['chords', 'bass', 'lead'], bright: 0.45, phrase: 0 },
    { name: 'current', weight: 2, layers: ['chords', 'bass', 'arp', 'perc', 'lead'], bright: 0.6 },
    { name: 'shore', weight: 1, layers: ['chords', 'arp', 'bass'], bright: 0.5, phrase: 1 },
    { name: 'fade', weight: 1, layers: ['chords'], bright: 0.3 },
  ],
};

/** The sections of a track of `totalBars` bars (the last may be partly heard). */
export function arrange(form: Form, totalBars: number): Section[] {
  const plans = FORMS[form];
  const phrases = Math.floor(totalBars / 4);
  const make = (plan: SectionPlan, startBar: number, bars: number): Section => ({
    name: plan.name,
    startBar,
    bars,
    layers: new Set(plan.layers),
    bright: plan.bright,
    crash: plan.crash ?? false,
    phrase: plan.phrase ?? 0,
  });
  if (phrases < plans.length) {
    // Too short for the whole form (a test render): the fullest section only.
    const full = plans.reduce((a, b) => (b.layers.length > a.layers.length ? b : a));
    return [make({ ...full, crash: false }, 0, Math.max(1, totalBars))];
  }
  // Every section gets a phrase; the rest go by weight (largest remainders first).
  const weights = plans.reduce((sum, p) => sum + p.weight, 0);
  const spare = phrases - plans.length;
  const exact = plans.map((p) => (spare * p.weight) / weights);
  const counts = exact.map((x) => 1 + Math.floor(x));
  let left = phrases - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => [x - Math.floor(x), i] as const)
    .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    counts[i]++;
    left--;
  }
  const sections: Section[] = [];
  let bar = 0;
  plans.forEach((plan, i) => {
    const bars = i === plans.length - 1 ? totalBars - bar : counts[i] * 4;
    sections.push(make(plan, bar, bars));
    bar += bars;
  });
  return sections;
}
