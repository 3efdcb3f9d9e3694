// The gateway's list (docs/gateway-endpoints.json) and the PMS client agree: every operation of the
// client is listed once with its method and whether it writes, and every path the client builds is
// one the list lets through. A call added to the client without the list, or the other way round,
// fails here, not on a tablet.
import { describe, expect, it } from 'vitest';
import { createPmsClient } from '../../src/pms/client.ts';
import { OPERATIONS } from '../../src/pms/operations.ts';
import { ENDPOINTS, findEndpoint } from '../../src/server/gateway/endpoints.ts';

describe('the gateway’s list of endpoints', () => {
  it('names each client operation with its method and whether it writes', () => {
    for (const [operation, info] of Object.entries(OPERATIONS)) {
      const listed = ENDPOINTS.filter((endpoint) => endpoint.operation.startsWith(operation));
      expect(listed.length, operation).toBeGreaterThan(0);
      for (const endpoint of listed) {
        expect(endpoint.method, operation).toBe(info.method);
        expect(endpoint.changesState, operation).toBe(info.changesState);
      }
    }
  });

  it('lets through exactly the paths the client sends', async () => {
    const sent: { method: string; path: string }[] = [];
    const client = createPmsClient({
      baseUrl: '',
      fetch: async (url, init) => {
        sent.push({ method: init.method ?? 'GET', path: new URL(url, 'http://till').pathname });
        return new Response('{"success":false,"message":"stop"}', { status: 400 });
      },
    });
    const calls: (() => Promise<unknown>)[] = [
      () => client.getAvailableProducts(),
      () => client.getOptionalProducts(3),
      () => client.createProduct({ name: 'x', price: 100, tax_class_id: 1, commodity_group_id: 1 }),
      () => client.createCommodityGroup({ name: 'x' }),
      () => client.getTaxClassesAccounts(),
      () => client.getPaymentOptions(),
      () => client.createCashInvoice({ reference: 'x' }),
      () => client.addInvoiceProducts({ invoice_id: 1, products: [{ id: 1, quantity: 1 }] }),
      () => client.closeInvoice({ invoiceId: 1, templateId: 1, paymentMethodId: 1, sendInvoice: false }),
      () => client.getInvoice(1),
      () => client.setInvoiceRecipient({ invoice_id: 1, recipient: { id: 1 } }),
      () => client.addProducts({ room_reservation_id: 1, products: [{ id: 1, quantity: 1 }] }),
      () => client.removeProducts({ room_reservation_id: 1, optional_products: [{ id: 1, quantity: 1 }] }),
      () => client.getReservationCost(1),
      () => client.searchReservation({ lastname: 'x', firstname: 'y', reservation_number: '1' }),
      () => client.getRoomReservation(1),
      () => client.getMainReservation(1),
      () => client.getMainReservationByNumber('A-1'),
      () =>
        client.getReservationsInTimespan({
          start: '2026-11-01',
          end: '2026-11-02',
          lastModified: '2026-01-01',
        }),
      () =>
        client.getReservationsInTimespan({
          start: '2026-11-01',
          end: '2026-11-02',
          lastModified: '2026-01-01',
          lastModifiedTime: '10:00:00',
        }),
    ];
    for (const call of calls) await call().catch(() => undefined);
    expect(sent).toHaveLength(calls.length);
    for (const { method, path } of sent)
      expect(findEndpoint(method, path), `${method} ${path}`).toBeDefined();
    expect(new Set(sent.map(({ method, path }) => findEndpoint(method, path)!.operation)).size).toBe(
      ENDPOINTS.length,
    );
  });
});
