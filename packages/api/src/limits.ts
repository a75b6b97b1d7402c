/**
 * Length limits the backend enforces, for the forms' schemas (a field message instead of a
 * server error). `limits.test.ts` checks each one against the contract's `maxLength`.
 */
export const limits = {
  newsTitle: 255,
  notificationTitle: 255,
  notificationDescription: 5000,
  agentRequestTitle: 255,
  agentRequestContent: 5000,
  email: 180,
  /** Text filters of the lists (names, products): `lastName`, `firstName`… */
  textFilter: 180,
  /** The real-estate sales' type filter ('Pinel, LMNP…'). */
  saleTypeFilter: 80,
  /** The customers' postcode filter. */
  zipCodeFilter: 20,
  /** The news' title and terms filters. */
  newsFilter: 255,
  /** The picture library's title filter. */
  pictureTitleFilter: 255,
  reminderTitle: 255,
  reminderContent: 10000,
  reminderProspect: 255,
  /** The reminders' title filter (their first and last names are `textFilter`). */
  reminderTitleFilter: 255,
  /** The library's search (`q`, names and PDF text). */
  librarySearch: 100,
} as const;
