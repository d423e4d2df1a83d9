import { describe, expect, it } from 'vitest';
import { primusUrl } from './primus';

describe('primusUrl', () => {
  it('turns http into ws and https into wss', () => {
    expect(primusUrl('http://localhost:3000', 'abc', () => 0.1)).toMatch(
      /^ws:\/\/localhost:3000\/primus\?token=abc&_primuscb=/,
    );
    expect(primusUrl('https://x.test/', 't')).toMatch(/^wss:\/\/x\.test\/primus\?token=t&/);
  });
});
