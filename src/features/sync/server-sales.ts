// The sales the till server's ledger holds of this tablet (`GET /till/sales`), for the sync view:
// what the tablet has let go (outbox/prune.ts) is read from there. Owns paging through them,
// newest page last, and whether the tablet itself still keeps each one.
import { type Accessor, createSignal } from 'solid-js';
import { fetchServerSales, type ServerSale } from '../../pms/device-calls';
import { readSale } from '../../storage/outbox-store';
import { settings } from '../device';

const PAGE = 100;

export interface ServerSalesList {
  sales: (ServerSale & { onTablet: boolean })[];
  /** Where the next page starts; null when every record was read. */
  next: number | null;
  loading: boolean;
  failed: boolean;
}

/**
 * The list (reactive) and `more()` to read the next page; nothing is read before the first `more()`.
 * @example const { list, more } = createServerSales(); <button onClick={more}>…</button>
 */
export function createServerSales(): { list: Accessor<ServerSalesList>; more: () => Promise<void> } {
  const [list, setList] = createSignal<ServerSalesList>({
    sales: [],
    next: 0,
    loading: false,
    failed: false,
  });
  const more = async () => {
    const current = list();
    if (current.loading || current.next === null) return;
    setList({ ...current, loading: true, failed: false });
    try {
      const page = await fetchServerSales(settings().gatewayUrl, current.next, PAGE);
      const kept = await Promise.all(
        page.sales.map(async (sale) => (await readSale(sale.saleId)) !== undefined),
      );
      const sales = page.sales.map((sale, i) => ({ ...sale, onTablet: kept[i] ?? false }));
      setList({ sales: [...current.sales, ...sales], next: page.next, loading: false, failed: false });
    } catch {
      setList({ ...list(), loading: false, failed: true });
    }
  };
  return { list, more };
}
