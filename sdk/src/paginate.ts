/**
 * Every item of the pages `list` reads for `params`, fetching pages as the loop advances: each page is
 * `{ <key>: items, has_more }`, the next one read with `starting_after` = the last item's `idKey`.
 */
export async function* paginate<
  P extends object,
  K extends string,
  I extends string,
  T extends { [key in I]: string },
>(
  list: (params: P & { starting_after?: string }) => Promise<{ [key in K]: T[] } & { has_more: boolean }>,
  params: P,
  key: K,
  idKey: I,
): AsyncGenerator<T, void, undefined> {
  let startingAfter: string | undefined;
  for (;;) {
    const current = await list(pageParams(params, startingAfter));
    const items = current[key];
    yield* items;
    const last = items.at(-1);
    if (!current.has_more || last === undefined) return;
    startingAfter = last[idKey];
  }
}

/** `params` with `starting_after` set only when there is one (exact optional properties). */
function pageParams<P extends object>(
  params: P,
  startingAfter: string | undefined,
): P & { starting_after?: string } {
  return startingAfter === undefined ? params : { ...params, starting_after: startingAfter };
}
