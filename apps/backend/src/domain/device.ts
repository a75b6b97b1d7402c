import type { Device } from '../db/schema.js';

/**
 * The device of a User-Agent, for the events a client sends without one (the spec's event has
 * no device). The portal's tracker decides in the browser (`detectDevice` of
 * packages/features/src/tracking/events.ts, same rules), where an iPad that passes for a Mac is
 * told by its touch points, which no header carries.
 */
export function deviceOfUserAgent(userAgent: string | undefined): Device {
  const agent = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(agent)) return 'Tablette';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(agent)) return 'Smartphone';
  return 'PC';
}
