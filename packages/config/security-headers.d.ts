export declare function securityHeaders(html: string): Record<string, string>;
