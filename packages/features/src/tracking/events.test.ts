import { describe, expect, it } from 'vitest';
import { describeClick, detectDevice } from './events';

describe('detectDevice', () => {
  it.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/140 Safari/537.36', 0, 'PC'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148', 5, 'Smartphone'],
    ['Mozilla/5.0 (Linux; Android 15; Pixel 9) Chrome/140 Mobile Safari/537.36', 5, 'Smartphone'],
    ['Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/140 Safari/537.36', 5, 'Tablette'],
    ['Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)', 5, 'Tablette'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5, 'Tablette'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0, 'PC'],
  ] as const)('%s → %s', (userAgent, touchPoints, device) => {
    expect(detectDevice(userAgent, touchPoints)).toBe(device);
  });
});

describe('describeClick', () => {
  it('names a click by the control it lands in', () => {
    document.body.innerHTML = `
      <button><span id="inner">Se connecter</span></button>
      <a href="/f.pdf" download="contrat.pdf" id="doc">Télécharger</a>
      <a href="/x" data-track-document="Plaquette 2026" id="doc2">Plaquette</a>
      <input type="checkbox" aria-label="Actualités — Mandataire" id="box" />
      <p id="text">Texte</p>`;
    const byId = (id: string) => document.getElementById(id);
    expect(describeClick(byId('inner'))).toEqual({ type: 'CLICK', action: 'Se connecter' });
    expect(describeClick(byId('doc'))).toEqual({ type: 'DOCUMENT', action: 'contrat.pdf' });
    expect(describeClick(byId('doc2'))).toEqual({ type: 'DOCUMENT', action: 'Plaquette 2026' });
    expect(describeClick(byId('box'))).toEqual({
      type: 'CLICK',
      action: 'Actualités — Mandataire',
    });
    expect(describeClick(byId('text'))).toBeNull();
  });
});
