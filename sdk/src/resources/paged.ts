import type { ApiClient } from "../api.js";
import { paginate } from "../paginate.js";
import type { HttpRequest, RequestOptions } from "../transport.js";

/** Where a resource's newest-first list lives: its path, the page's array key and its items' id key. */
export interface Listing {
  readonly path: string;
  readonly key: string;
  readonly idKey: string;
}

/** A page of `L`'s list: `{ <key>: items with a string <idKey>, has_more }`. */
export type PageOf<L extends Listing> = { [key in L["key"]]: { [id in L["idKey"]]: string }[] } & {
  has_more: boolean;
};

/**
 * A resource listed newest first in cursor pages (API key): `list()` reads one page, `listAll()` every
 * item matching the filters, fetching pages as the loop advances.
 */
export abstract class PagedResource<
  Params extends NonNullable<HttpRequest["query"]>,
  Page extends PageOf<L>,
  L extends Listing,
> {
  protected constructor(
    protected readonly api: ApiClient,
    private readonly listing: L,
  ) {}

  /** One page, newest first: `limit`, `starting_after` (the last item's id) and the resource's filters. */
  list(params: Params = {} as Params, options?: RequestOptions): Promise<Page> {
    return this.api.get("apiKey", this.listing.path, options, { ...params });
  }

  /** Every item matching `params`, newest first, fetching pages as the loop advances. */
  listAll(
    params: Omit<Params, "starting_after"> = {} as Omit<Params, "starting_after">,
    options?: RequestOptions,
  ): AsyncGenerator<Page[L["key"]][number], void, undefined> {
    return paginate<Omit<Params, "starting_after">, L["key"], L["idKey"], Page[L["key"]][number]>(
      (page) => this.list(page as Params, options),
      params,
      this.listing.key,
      this.listing.idKey,
    );
  }
}
