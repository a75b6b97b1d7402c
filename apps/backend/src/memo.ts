/**
 * `build(key, …)` once per key object, then the same value while the key lives (a WeakMap: the
 * value goes with the request's principal, or the database it was prepared on).
 */
export function oncePer<K extends object, A extends unknown[], V>(
  build: (key: K, ...rest: A) => V,
): (key: K, ...rest: A) => V {
  const built = new WeakMap<K, V>();
  return (key, ...rest) => {
    if (built.has(key)) return built.get(key) as V;
    const value = build(key, ...rest);
    built.set(key, value);
    return value;
  };
}
