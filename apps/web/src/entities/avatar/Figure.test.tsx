import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BUILTIN_AVATARS } from '@tt/rules';
import { Figure } from './Figure';

const art = BUILTIN_AVATARS.find((a) => a.slug === 'default')!.art;

describe('AVATAR-ART-1: the web draws the shared avatar shapes as SVG', () => {
  it('keeps the animation hooks of the CSS (sway, dance, arms, blinking eyes)', () => {
    const html = renderToStaticMarkup(<Figure art={art} size={168} dancing className="x" />);
    expect(html).toMatch(/^<svg class="avatar-figure is-full is-dancing x" viewBox="0 -8 120 168"/);
    expect(html).toContain('width="120" height="168"');
    for (const hook of [
      'av-all',
      'av-body',
      'av-legs',
      'av-arm av-arm-left',
      'av-arm av-arm-right',
      'av-torso',
      'av-head',
      'av-eyes',
      'av-eyes-closed',
    ]) {
      expect(html, hook).toContain(`class="${hook}"`);
    }
    // The default character: classic body, round head, short hair, a tee and headphones.
    expect(html).toContain('<circle cx="60" cy="46" r="27" fill="#f1c27d"></circle>');
    expect(html).toContain('stroke-linecap="round"');
  });

  it('draws only the head in head mode, its width from the head box', () => {
    const html = renderToStaticMarkup(<Figure art={art} mode="head" size={84} />);
    expect(html).toMatch(/class="avatar-figure is-head {2}"/);
    expect(html).toContain('viewBox="20 -6 80 84" width="80" height="84"');
    expect(html).not.toContain('av-body');
    expect(html).toContain('class="av-head"');
  });

  it('writes the chest star with its transform', () => {
    const html = renderToStaticMarkup(<Figure art={{ ...art, accessory: 'star' }} size={168} />);
    expect(html).toContain('transform="translate(70 96) scale(0.5)"');
  });
});
