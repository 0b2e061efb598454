/** Walks a `{ <items>, has_more }` list with `starting_after` = the last item's `idKey`. */
export async function* paginate<K extends string, I extends string, T extends { [key in I]: string }>(
  page: (startingAfter: string | undefined) => Promise<{ [key in K]: T[] } & { has_more: boolean }>,
  key: K,
  idKey: I,
): AsyncGenerator<T, void, undefined> {
  let startingAfter: string | undefined;
  for (;;) {
    const current = await page(startingAfter);
    const items = current[key];
    yield* items;
    const last = items.at(-1);
    if (!current.has_more || last === undefined) return;
    startingAfter = last[idKey];
  }
}

/** `params` with `starting_after` set only when there is one (exact optional properties). */
export function pageParams<P extends object>(
  params: P,
  startingAfter: string | undefined,
): P & { starting_after?: string } {
  return startingAfter === undefined ? params : { ...params, starting_after: startingAfter };
}
