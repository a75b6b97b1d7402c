import { describe, expect, it } from 'vitest';
import { deviceOfUserAgent } from '../device.js';

describe('deviceOfUserAgent', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140 Safari/537.36', 0, 'PC'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148', 5, 'Smartphone'],
    ['Mozilla/5.0 (Linux; Android 15; Pixel 9) Chrome/140 Mobile Safari/537.36', 5, 'Smartphone'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/140 Safari/537.36', 5, 'Tablette'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 5, 'Tablette'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5, 'Tablette'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0, 'PC'],
  ] as const)('%s → %s', (userAgent, touchPoints, device) => {
    expect(deviceOfUserAgent(userAgent, touchPoints)).toBe(device);
  });
});
