/** A ProTable / ProField `valueEnum` from a label table: each key's text, and its badge when `badges` names one. */
export function valueEnumOf<K extends string, B extends string>(
  labels: Record<K, string>,
  badges?: Record<K, B>,
): Record<K, { text: string; status?: B }> {
  return Object.fromEntries(
    (Object.entries(labels) as Array<[K, string]>).map(([key, text]) => [key, badges ? { text, status: badges[key] } : { text }]),
  ) as Record<K, { text: string; status?: B }>;
}
