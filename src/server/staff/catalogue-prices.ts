// The catalogue prices the gateway checks a discount against, read from the PMS by the server itself
// (GET /api/get/products/available through the gateway, with the hotel's key) and kept briefly.
// Owns the cache: one read at a time (writes arriving together share it), kept for `maxAgeMs`, and
// read again at once when asked for a fresh answer (before a refusal, or for a product not in it).
// When the PMS cannot be read, or its answer is not the product list, it throws PriceUnknownError:
// the caller refuses the write (fails closed) rather than letting a price through unchecked.
import * as v from 'valibot';
import { Responses } from '../../pms/wire.ts';
import type { GatewayRead } from '../gateway/gateway.ts';

export const PRODUCTS_PATH = '/api/get/products/available';

/** What the gateway needs of a product: its catalogue (gross unit) price, and whether it has an open price. */
export interface CataloguePrice {
  priceCents: number;
  openPrice: boolean;
}

/** The PMS's prices could not be read; `reason` says why (for the refusal and the log). */
export class PriceUnknownError extends Error {
  override readonly name = 'PriceUnknownError';
}

export interface CataloguePrices {
  /**
   * The price list, from the cache unless `fresh` (or the cache is older than its limit).
   * @throws PriceUnknownError when the PMS cannot be read or answers something else.
   */
  prices(fresh?: boolean): Promise<{ byId: ReadonlyMap<number, CataloguePrice>; readAt: number }>;
}

/**
 * Prices read through `read` (the gateway's own read), kept `maxAgeMs` (default 30 s).
 * @example const { byId } = await catalogue.prices(); byId.get(7)?.priceCents
 */
export function createCataloguePrices(
  read: (path: string) => Promise<GatewayRead>,
  options: { maxAgeMs?: number; now?: () => number } = {},
): CataloguePrices {
  const maxAgeMs = options.maxAgeMs ?? 30_000;
  const now = options.now ?? Date.now;
  let kept: { byId: ReadonlyMap<number, CataloguePrice>; readAt: number } | undefined;
  let reading: Promise<{ byId: ReadonlyMap<number, CataloguePrice>; readAt: number }> | undefined;

  async function readList() {
    const startedAt = now();
    let answer: GatewayRead;
    try {
      answer = await read(PRODUCTS_PATH);
    } catch (error) {
      throw new PriceUnknownError(`the PMS could not be reached (${(error as Error).message})`);
    }
    if (answer.status < 200 || answer.status > 299)
      throw new PriceUnknownError(`the PMS answered ${answer.status} to GET ${PRODUCTS_PATH}`);
    const parsed = v.safeParse(Responses.productsAvailable, answer.json);
    if (!parsed.success) throw new PriceUnknownError(`the PMS's product list could not be read`);
    const byId = new Map<number, CataloguePrice>();
    for (const product of parsed.output.data)
      byId.set(product.id, { priceCents: product.price, openPrice: product.open_price });
    kept = { byId, readAt: startedAt };
    return kept;
  }

  return {
    prices(fresh = false) {
      if (!fresh && kept && now() - kept.readAt < maxAgeMs) return Promise.resolve(kept);
      // A read under way serves everyone who asks meanwhile; a fresh answer must have started now.
      reading ??= readList().finally(() => {
        reading = undefined;
      });
      return reading;
    },
  };
}
