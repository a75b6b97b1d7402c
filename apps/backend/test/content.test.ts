import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsContentOnSave } from '../src/communication/content.js';
import { COMMUNICATION } from './helpers/accounts.js';
import { createNewsItem } from './helpers/communication.js';
import { createTestContext, type TestContext } from './helpers/context.js';

describe('news content on save', () => {
  it('drops every class value', () => {
    expect(newsContentOnSave('<p class="fixed inset-0 z-50 login-overlay">Texte</p>')).toBe(
      '<p>Texte</p>',
    );
    expect(newsContentOnSave('<span class="x" style="color:#ff0000">a</span>')).toBe(
      '<span style="color:#ff0000">a</span>',
    );
  });

  it("keeps only pictures of the portal's media", () => {
    expect(newsContentOnSave('<p><img src="/media/images/uploads/a.png" alt="a" /></p>')).toBe(
      '<p><img src="/media/images/uploads/a.png" alt="a" /></p>',
    );
    for (const src of [
      'https://traqueur.example/pixel.png',
      'http://localhost:3000/../x.png',
      '//evil.example/media/x.png',
      '/media/../jwt-secret',
      '/media/%2e%2e/x.png',
      '/partners/billing',
      'data:image/png;base64,AAAA',
    ])
      expect(newsContentOnSave(`<p>a<img src="${src}" />b</p>`), src).toBe('<p>ab</p>');
  });

  it('escapes plain text once, and never again when saved back', () => {
    const once = newsContentOnSave("R&D : l'équipe <3\nfin");
    expect(once).toBe("<p>R&amp;D : l'équipe &lt;3<br />fin</p>");
    expect(newsContentOnSave(once)).toBe(once);
    expect(newsContentOnSave('')).toBe('');
    expect(newsContentOnSave('   ')).toBe('');
  });
});

describe('news titles are text', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  it('stores and answers the title as typed, neither escaped nor sanitised', async () => {
    const staff = await ctx.login(COMMUNICATION);
    const title = 'Tom & Jerry <b>gras</b> "cité"';
    const item = await createNewsItem(ctx, staff, { title });
    expect(item.title).toBe(title);
    expect((await ctx.api('GET', item['@id'], { token: staff })).body.title).toBe(title);
  });
});
