import { describe, expect, it } from 'vitest';
import { scenePng } from '../src/seed/network/files.js';

describe('seeded news pictures', () => {
  it('are valid PNGs of the asked size, the same for a seed and different between seeds', () => {
    const first = scenePng(480, 270, 1);
    expect(first.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(first.readUInt32BE(16)).toBe(480);
    expect(first.readUInt32BE(20)).toBe(270);
    expect(scenePng(480, 270, 1).equals(first)).toBe(true);
    expect(scenePng(480, 270, 2).equals(first)).toBe(false);
  });
});
