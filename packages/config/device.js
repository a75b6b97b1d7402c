/**
 * PC, Smartphone or Tablette, from a User-Agent: the portal's tracker passes its touch points
 * (iPadOS passes for a Mac with touch); the backend, for what a client sends without a device
 * and for a session's device, has only the header. Plain JavaScript: the backend and the apps
 * both run it; its callers' types (the contract's event, the database's column) check the names.
 * @param {string | undefined} userAgent
 * @param {number} [maxTouchPoints]
 * @returns {'PC' | 'Smartphone' | 'Tablette'}
 */
export function deviceOfUserAgent(userAgent, maxTouchPoints = 0) {
  const agent = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(agent)) return 'Tablette';
  if (/Macintosh/i.test(agent) && maxTouchPoints > 1) return 'Tablette';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(agent)) return 'Smartphone';
  return 'PC';
}
