import { describe, expect, it } from 'vitest';
import { describeClick } from './events';

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
