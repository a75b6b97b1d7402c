import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveFile } from './export-button';

afterEach(() => vi.restoreAllMocks());

describe('saveFile', () => {
  it("downloads through a link whose click the page's listeners never see", () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
      // What the browser's own click does, short of leaving the page.
      this.addEventListener('click', (event) => event.preventDefault());
      this.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    const seen: EventTarget[] = [];
    const listener = (event: Event) => seen.push(event.target!);
    document.addEventListener('click', listener, true);
    try {
      saveFile({ blob: new Blob(['x']), fileName: null }, 'ventes.xlsx');
    } finally {
      document.removeEventListener('click', listener, true);
    }
    expect(saved).toEqual(['ventes.xlsx']);
    expect(seen).toEqual([]);
  });
});
