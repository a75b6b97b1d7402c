export declare function deviceOfUserAgent(
  userAgent: string | undefined,
  maxTouchPoints?: number,
): 'PC' | 'Smartphone' | 'Tablette';
