import { describe, expect, it } from 'vitest';
import { toggledProfiles } from './component-matrix';
import { addProfileSchema, deleteProfileSchema, profileTitle, supportEmailSchema } from './schemas';

describe('portal administration rules', () => {
  it("prefixes agent profiles with 'Mandataire - '", () => {
    expect(profileTitle({ name: ' Parrain ', type: 'Mandataire' })).toBe('Mandataire - Parrain');
    expect(profileTitle({ name: 'Mandataire - Junior', type: 'Mandataire' })).toBe(
      'Mandataire - Junior',
    );
    expect(profileTitle({ name: 'Juridique', type: 'Hubnup' })).toBe('Juridique');
  });

  it('gives the spec messages', () => {
    const issue = (result: { error?: { issues: { message: string }[] } }) =>
      result.error?.issues[0]?.message;
    expect(issue(supportEmailSchema.safeParse({ supportEmail: ' ' }))).toBe(
      'Ce champ est obligatoire.',
    );
    expect(issue(supportEmailSchema.safeParse({ supportEmail: 'support@' }))).toBe(
      "Cette valeur n'est pas une adresse email valide.",
    );
    expect(issue(addProfileSchema.safeParse({ name: '', type: 'Hubnup' }))).toBe(
      'Ce champ est obligatoire.',
    );
    expect(issue(deleteProfileSchema.safeParse({ profileId: '' }))).toBe(
      'Ce champ est obligatoire.',
    );
  });

  it('saves a component with its whole new profile list', () => {
    const component = { id: 4, profiles: ['/profiles/1', '/profiles/3'] } as Parameters<
      typeof toggledProfiles
    >[0]['component'];
    expect(toggledProfiles({ component, profileIri: '/profiles/2', checked: true })).toEqual([
      '/profiles/1',
      '/profiles/3',
      '/profiles/2',
    ]);
    expect(toggledProfiles({ component, profileIri: '/profiles/1', checked: false })).toEqual([
      '/profiles/3',
    ]);
  });
});
