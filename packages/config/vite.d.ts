import type { UserConfig } from 'vite';

export declare function appViteConfig(port: number): UserConfig;
