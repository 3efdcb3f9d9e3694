// The Solid wrapper the views use: a signal with the outbox summary that follows changes and stops
// listening when its owner is disposed.
import { createRoot } from 'solid-js';
import { describe, expect, it, vi } from 'vitest';
import { recordCashSale } from '../../src/outbox/journal.ts';
import { createOutboxStatus } from '../../src/outbox/reactive.ts';
import { CARD_PAYMENT, PILS, TILL, useFreshDatabase } from './support/setup.ts';

useFreshDatabase();

describe('createOutboxStatus', () => {
  it('reads the summary, follows new sales, and stops following once disposed', async () => {
    await createRoot(async (dispose) => {
      const outbox = createOutboxStatus();
      await vi.waitFor(() => expect(outbox()).toMatchObject({ pending: 0 }));

      await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
      await vi.waitFor(() => expect(outbox()).toMatchObject({ pending: 1 }));

      dispose();
      await recordCashSale({ ...TILL, lines: [PILS], payment: CARD_PAYMENT });
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect(outbox()?.pending).toBe(1);
    });
  });
});
