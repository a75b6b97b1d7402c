import { describe, expect, it } from 'vitest';
import {
  defaultExpiry,
  expiryToIso,
  isoToDay,
  isValidLink,
  notificationBody,
  notificationCreateSchema,
  notificationUpdateSchema,
} from './schemas';

const valid = {
  title: 'Séminaire',
  description: 'Inscriptions ouvertes',
  urlLink: '',
  expireAt: '2099-03-17',
  profilesToNotify: ['/profiles/3'],
};
const messagesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('notification form', () => {
  it('refuses an expiry in the past and a title longer than the contract allows', () => {
    expect(
      messagesOf(
        notificationCreateSchema.safeParse({
          ...valid,
          expireAt: '2020-01-01',
          title: 'x'.repeat(256),
        }),
      ),
    ).toEqual({
      expireAt: "La date d'expiration ne peut pas être passée.",
      title: 'Ce champ doit contenir au plus 255 caractères.',
    });
    expect(notificationCreateSchema.safeParse({ ...valid, expireAt: '' }).success).toBe(true);
    expect(
      notificationCreateSchema.safeParse({ ...valid, expireAt: defaultExpiry() }).success,
    ).toBe(true);
  });

  it('requires title, description and a profile on creation', () => {
    expect(notificationCreateSchema.safeParse(valid).success).toBe(true);
    expect(
      messagesOf(
        notificationCreateSchema.safeParse({
          ...valid,
          title: ' ',
          description: '',
          profilesToNotify: [],
        }),
      ),
    ).toEqual({
      title: 'Ce champ est obligatoire.',
      description: 'Ce champ est obligatoire.',
      profilesToNotify: 'Ce champ est obligatoire.',
    });
    // An update does not send profiles.
    expect(notificationUpdateSchema.safeParse({ ...valid, profilesToNotify: [] }).success).toBe(
      true,
    );
  });

  it("refuses a link that is not a URL with 'Ce champ doit être une URL valide'", () => {
    expect(
      messagesOf(notificationCreateSchema.safeParse({ ...valid, urlLink: 'pas une url' })),
    ).toEqual({ urlLink: 'Ce champ doit être une URL valide' });
    for (const link of ['javascript:alert(1)', '//evil.example', 'ftp://x.example/', 'http://'])
      expect(isValidLink(link), link).toBe(false);
    for (const link of ['', 'https://www.example.fr/page?a=1', '/news/3'])
      expect(isValidLink(link), link).toBe(true);
  });

  it('sends the expiry as the end of the chosen day and an empty link as null', () => {
    const iso = expiryToIso('2026-03-17')!;
    expect(isoToDay(iso)).toBe('2026-03-17');
    expect(new Date(iso).getHours()).toBe(23);
    expect(expiryToIso('')).toBeNull();
    expect(defaultExpiry(new Date(2026, 2, 28))).toBe('2026-04-04');
    expect(
      notificationBody({ ...valid, expireAt: '2026-03-17', title: ' T ', urlLink: ' ' }),
    ).toEqual({
      title: 'T',
      description: 'Inscriptions ouvertes',
      urlLink: null,
      expireAt: iso,
    });
  });
});
