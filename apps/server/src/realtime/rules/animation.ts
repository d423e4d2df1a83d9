const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;

/**
 * RR-ANIM-1: an emoji animation carries exactly one emoji — one grapheme cluster that is an emoji
 * (skin tones, ZWJ sequences, flags and keycaps count as one), nothing else around it.
 */
export function isSingleEmoji(text: string): boolean {
  if (text.length === 0 || text.length > 64) return false;
  const graphemes = [...segmenter.segment(text)];
  return graphemes.length === 1 && EMOJI.test(graphemes[0].segment);
}
