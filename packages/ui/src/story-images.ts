/** Offline placeholder pictures for stories and tests (SVG data URLs, no network). */
export function placeholderImage(label: string, hue = 210): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360"><rect width="640" height="360" fill="hsl(${hue} 55% 40%)"/><circle cx="520" cy="80" r="120" fill="hsl(${hue} 60% 55%)"/><text x="40" y="320" font-family="sans-serif" font-size="40" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
