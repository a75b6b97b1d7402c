export declare const CACHE_CONTROL: { asset: string; config: string; page: string };
export declare const ASSETS_PREFIX: string;
export declare function cacheControl(pathname: string): string;
export declare const GZIP: { types: string[]; minLength: number; level: number };
export declare function gzipped(contentType: string, length: number): boolean;
