import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage, unwrap, violationsByField } from './hydra';

describe('hydra helpers', () => {
  it('reads the description of a Hydra error', () => {
    expect(
      errorMessage({ '@type': 'hydra:Error', 'hydra:description': 'Identifiants invalides.' }),
    ).toBe('Identifiants invalides.');
    expect(errorMessage(undefined, 'repli')).toBe('repli');
    expect(errorMessage({ 'hydra:description': '' }, 'repli')).toBe('repli');
  });

  it('gives the messages of a violation list without their property paths', () => {
    const body = {
      'hydra:description': 'profiles: Ce champ est obligatoire.\ntitle: Trop long.',
      violations: [
        { propertyPath: 'profiles', message: 'Ce champ est obligatoire.' },
        { propertyPath: 'title', message: 'Trop long.' },
        { propertyPath: 'date', message: 'Ce champ est obligatoire.' },
      ],
    };
    expect(errorMessage(body)).toBe('Ce champ est obligatoire. Trop long.');
    expect(new ApiError(422, body).message).toBe('Ce champ est obligatoire. Trop long.');
  });

  it('keys the first violation of each field', () => {
    const body = {
      violations: [
        { propertyPath: 'email', message: 'Ce champ est obligatoire.' },
        { propertyPath: 'email', message: 'second' },
        { propertyPath: 'password', message: 'Le mot de passe doit correspondre.' },
      ],
    };
    expect(violationsByField(body)).toEqual({
      email: 'Ce champ est obligatoire.',
      password: 'Le mot de passe doit correspondre.',
    });
    expect(violationsByField(null)).toEqual({});
  });

  it("reads the contract's 422 (a violation per field, with its code) like any other", () => {
    const body = {
      '@type': 'ConstraintViolationList',
      'hydra:description':
        "title: Cette valeur doit contenir au plus 255 caractère(s).\nextra: Ce champ n'est pas autorisé.",
      violations: [
        {
          propertyPath: 'title',
          message: 'Cette valeur doit contenir au plus 255 caractère(s).',
          code: 'maxLength',
        },
        {
          propertyPath: 'extra',
          message: "Ce champ n'est pas autorisé.",
          code: 'additionalProperties',
        },
      ],
    };
    expect(violationsByField(body).title).toBe(
      'Cette valeur doit contenir au plus 255 caractère(s).',
    );
    expect(new ApiError(422, body).message).toBe(
      "Cette valeur doit contenir au plus 255 caractère(s). Ce champ n'est pas autorisé.",
    );
  });

  it('unwraps data or throws an ApiError carrying the status', () => {
    expect(unwrap({ data: 1, response: new Response(null, { status: 200 }) })).toBe(1);
    const failure = () =>
      unwrap({
        error: { 'hydra:description': 'Non' },
        response: new Response(null, { status: 403 }),
      });
    expect(failure).toThrow(ApiError);
    expect(failure).toThrow('Non');
  });
});
