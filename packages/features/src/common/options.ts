/**
 * A select's options from one declaration, value → label, in the declaration's order (no
 * value may look like an integer: those would come first).
 */
export function optionsOf<V extends string>(
  labels: Record<V, string>,
): { value: V; label: string }[] {
  return (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value] }));
}
