/**
 * Site adapters: what the plug-in does on a shop platform's pages. The bridge and the service
 * worker are platform-neutral; everything that knows a platform's pages lives in an adapter.
 * docs/extension.md explains how to add one.
 */

/** The shop the plug-in read from the shop page: what `shop/report` stores. */
export interface BoundShop {
  externalId: string;
  name: string;
  region: string;
}

export type BindOutcome = { ok: true; shop: BoundShop } | { ok: false; message: string };

export interface BindContext {
  /** The platform the user chose in the console (`shop-type`). */
  shopType: string;
}

/** Binds a shop on a seller-centre page. */
export interface ShopAdapter {
  name: string;
  /** Manifest match patterns of the pages this adapter works on (the content script runs there). */
  matches: readonly string[];
  /** Whether this page is one of the adapter's shop pages. */
  detect(doc: Document, location: Location): boolean;
  /** Reads (or creates) the binding on this page. Never throws: a failure is `{ ok: false, message }`. */
  bind(doc: Document, context: BindContext): Promise<BindOutcome>;
}

/** Runs the creator programme on the creator page (the tab named join-creator-page). */
export interface CreatorAdapter {
  name: string;
  matches: readonly string[];
  detect(doc: Document, location: Location): boolean;
  /** Starts inviting creators for these product ids. */
  join(doc: Document, productIds: readonly string[]): Promise<void>;
  /** Stops a running join (both flags went off). */
  stop(doc: Document): void;
}
