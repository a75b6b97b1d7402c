import { afterEach, describe, expect, it } from 'vitest';
import { headerUserOf } from './app-shell';

describe('header user', () => {
  afterEach(() => {
    delete window.__PORTAL_CONFIG__;
  });

  it("takes the photo from the API's host, like the account page", () => {
    window.__PORTAL_CONFIG__ = { mainApiUrl: 'https://api.exemple.fr' };
    expect(
      headerUserOf({
        fullName: 'Claire Martin',
        picture: '/media/images/avatars/a.jpg',
        circularPicture: '/media/images/avatars/a.png',
      }),
    ).toEqual({
      name: 'Claire Martin',
      pictureUrl: 'https://api.exemple.fr/media/images/avatars/a.png',
    });
    expect(
      headerUserOf({ fullName: 'Claire Martin', picture: null, circularPicture: null }).pictureUrl,
    ).toBeNull();
  });
});
