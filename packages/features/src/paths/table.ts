import type { RouteEntry } from './route-entry';

type Id = number | string;

/** One argument per `:param` of a pattern. */
type Params<P extends string, Acc extends Id[] = []> = P extends `${string}:${string}/${infer Rest}`
  ? Params<Rest, [...Acc, Id]>
  : P extends `${string}:${string}`
    ? [...Acc, Id]
    : Acc;

/** `name: pattern` for a fixed path, `name: (...ids) => path` for a pattern with parameters. */
export type PathHelpers<R extends readonly RouteEntry[]> = {
  [E in R[number] as E extends { name: infer N extends string } ? N : never]: Params<
    E['path']
  > extends []
    ? E['path']
    : (...ids: Params<E['path']>) => string;
};

export const table = <const T extends readonly (readonly RouteEntry[])[]>(
  ...areas: T
): readonly T[number][number][] => areas.flat();

/** The path helpers of a table: each `:param` replaced by the next argument. */
export function pathHelpers<R extends readonly RouteEntry[]>(routes: R): PathHelpers<R> {
  const helpers: Record<string, unknown> = {};
  for (const route of routes) {
    if (!route.name) continue;
    const { path } = route;
    helpers[route.name] = path.includes(':')
      ? (...ids: Id[]) => {
          let next = 0;
          return path.replace(/:\w+/g, () => String(ids[next++]));
        }
      : path;
  }
  return helpers as PathHelpers<R>;
}
