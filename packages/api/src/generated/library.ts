// Generated from the x-library-components of openapi/main/*.yaml by `pnpm --filter @portal/api generate`.
/** Each library's components: `view` opens its page and files, `edit` changes them. */
export const libraryComponents = {
  bibliotheque: {
    view: 'library_page',
    edit: 'library_edit',
  },
  'trainers-club': {
    view: 'trainers_club_documentation_page',
    edit: 'trainers_club_documentation_edit',
  },
  rac: {
    view: 'rac_documentation_page',
    edit: 'rac_documentation_edit',
  },
  'responsable-pole': {
    view: 'responsable_pole_documentation_page',
    edit: 'responsable_pole_documentation_edit',
  },
} as const;
