import type { components, operations, paths } from './generated/main';

export type { components, operations, paths };
export type Session = components['schemas']['Session'];
export type CurrentUser = components['schemas']['CurrentUser'];
export type ProfileType = components['schemas']['ProfileType'];
export type MenuLink = components['schemas']['MenuLink'];
export type CgpDetail = components['schemas']['CgpDetail'];
