/** How many values one `in (...)` list or one multi-row insert takes: keeps each statement small. */
export const BATCH_SIZE = 500;

/** `run` over `values` taken BATCH_SIZE at a time, in order; the results of every batch, joined. */
export async function inBatches<T, R>(
  values: readonly T[],
  run: (batch: T[]) => Promise<readonly R[] | void>,
): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < values.length; i += BATCH_SIZE)
    results.push(...((await run(values.slice(i, i + BATCH_SIZE))) ?? []));
  return results;
}
