/**
 * The three sales lists. A module of its own: the screen and its totals both need it, and the
 * screen imports the totals (a type imported back would close a circle).
 */
export type SalesKind = 'realEstate' | 'investment' | 'vlp';
