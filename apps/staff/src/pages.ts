import type { PageRoute } from '@portal/auth';

/** The staff console's pages in menu order; the first one the user holds is the home path. */
export const pages: readonly PageRoute[] = [{ path: '/accueil' }];
