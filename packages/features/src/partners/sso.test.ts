import { describe, expect, it, vi } from 'vitest';
import { goTo, isWebUrl, type PendingTab } from './sso';

describe('partner sign-on', () => {
  it('only opens web pages', () => {
    expect(isWebUrl('https://partenaire.example/sso?t=1')).toBe(true);
    expect(isWebUrl('http://127.0.0.1:3100/partners/invest')).toBe(true);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isWebUrl('/relative')).toBe(false);
    expect(isWebUrl(42)).toBe(false);
  });

  it('sends the pending tab to the URL, or opens one without a handle back', () => {
    const tab: PendingTab = { location: { href: 'about:blank' }, document };
    goTo(tab, { kind: 'url', url: 'https://partenaire.example/' });
    expect(tab.location.href).toBe('https://partenaire.example/');

    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    goTo(null, { kind: 'url', url: 'https://partenaire.example/' });
    expect(open).toHaveBeenCalledWith(
      'https://partenaire.example/',
      '_blank',
      'noopener,noreferrer',
    );
    open.mockRestore();
  });

  it('posts the billing credentials as a form in the pending tab', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const doc = document.implementation.createHTMLDocument('');
    const tab: PendingTab = { location: { href: 'about:blank' }, document: doc };
    goTo(tab, {
      kind: 'post',
      url: 'https://facturation.example/login',
      fields: { user: 'claire', mdp: 's3cret' },
    });
    const form = doc.querySelector('form')!;
    expect(form.method.toLowerCase()).toBe('post');
    expect(form.action).toBe('https://facturation.example/login');
    expect(Object.fromEntries(new FormData(form))).toEqual({ user: 'claire', mdp: 's3cret' });
    expect(submit).toHaveBeenCalledOnce();
    submit.mockRestore();
  });
});
