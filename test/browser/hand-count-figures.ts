// The hand count of hand-count.test.ts: the day's sales as staff ring them up, and the Z's figures
// worked out by hand from the German demo catalogue (src/test-hotel/seed/seed-catalogue.ts, region
// DE: tax class 1 = 19 %, 2 = 7 %; groups 1 Bar, 2 Minibar, 3 Küche / Kitchen, 5 Service). Literal
// figures, never read from the server's code; the arithmetic is in the comments.

// Prices (cents) copied from the catalogue: Pils 0,3 l 420, Weißbier 0,5 l 520, Aperol Spritz 850,
// Gin Tonic 1050, Espresso 280, Cola 0,33 l 360, Champagner 0,75 l 8900 (Bar, 19 %); Club Sandwich
// 1550, Käsespätzle 1690, Kaiserschmarrn 1250 (Küche, 7 %); Minibar Bier 0,33 l 450 (19 %), Minibar
// Schokolade 350, Minibar Erdnüsse 400 (Minibar, 7 %); Ladestation (Service, 19 %, open price).

/**
 * The day, sale by sale (gross cents; 19 % / 7 % parts):
 * - cash1:  2 Pils 840 + Cola 360 + Club Sandwich 1550 = 2750 (1200 / 1550); €50.00 given, €22.50 back
 * - cash2:  Aperol 850 + Espresso 280 = 1130 (1130 / 0); €20.00 given, €8.70 back; refunded later
 * - card:   Gin Tonic 1050 + Käsespätzle 1690 = 2740 (1050 / 1690), the guest adds €2.00 on the terminal
 * - standalone: Kaiserschmarrn 1250 (0 / 1250) by card on the stand-alone terminal while the till
 *   server is down (receipt 4711), the guest's tip €1.50 typed
 * - room:   Weißbier 520 + Kaiserschmarrn 1250 = 1770 (520 / 1250) to room 104 (Bauer)
 * - minibar: Minibar Bier 450 + Schokolade 350 + Erdnüsse 400 = 1200 (450 / 750) to room 201 (Huber)
 * - splitA: of 3 Pils + Gin Tonic, the part Pils 420 + Gin Tonic 1050 = 1470; €20.00 given, €5.30 back
 * - splitB: the rest, 2 Pils = 840, paid exactly
 * - equalA, equalB: Weißbier 520 + Espresso 280 = 800 in two equal parts of 400 (19 %), each paid
 *   exactly in cash; each item once over the parts, no discount
 * - lineDiscount: Espresso 280 + Cola 360 −30 % = 252 → 532 (discount 108, Anna)
 * - ticketDiscount: Espresso + Club Sandwich + Cola 2190 −30 % → 196 + 1085 + 252 = 1533 (discount
 *   657, Anna; 19 % part 448, 7 % part 1085); €20.00 given, €4.67 back
 * - openPrice: Ladestation €150.00 (above the bar's €100.00 limit, Anna); €200.00 given, €50.00 back
 * - voided: Champagner 8900 cash (€100.00 given, €11.00 back), refused by the PMS, voided (Anna): −8900
 * - refund of cash2: −1130 (Anna)
 */
export const DAY = {
  floatCents: 150_00,
  /** Records of a sale kind: 14 sales and charges, the void and the refund. */
  records: 16,
  recordedKinds: [
    { kind: 'refund', n: 1 },
    { kind: 'room-charge', n: 2 },
    // cash1, cash2, card, standalone, splitA, splitB, equalA, equalB, lineDiscount, ticketDiscount,
    // openPrice, voided
    { kind: 'sale', n: 12 },
    { kind: 'void', n: 1 },
  ],
  // 2750 + 1130 + 2740 + 1250 + 1770 + 1200 + 1470 + 840 + 400 + 400 + 532 + 1533 + 15000 + 8900
  // − 8900 − 1130
  grossCents: 29_885,
  // 200 on the driven terminal + 150 typed for the stand-alone one
  tipCents: 350,
  // 108 + 657
  discountCents: 765,
  byPayment: [
    // 2750 + 1130 + 1470 + 840 + 400 + 400 + 532 + 1533 + 15000 + 8900 − 8900 − 1130; twelve records
    // with cash
    { method: 'cash', records: 12, amountCents: 22_925, tipCents: 0 },
    // 2740 (driven terminal, tip 200) + 1250 (stand-alone, tip 150)
    { method: 'card', records: 2, amountCents: 3990, tipCents: 350 },
    // 1770 + 1200
    { method: 'room', records: 2, amountCents: 2970, tipCents: 0 },
  ],
  byVat: [
    // The Z's VAT of a rate is the sum of the receipts' VAT lines of that rate (each receipt rounds
    // once per rate, half away from zero; docs/ledger.md, "VAT"), so an auditor adding up the receipts
    // finds it. 19 %: gross 1200 + 1130 + 1050 + 520 + 450 + 1470 + 840 + 532 + 448 + 15000 + 8900
    // − 8900 − 1130 = 21510; VAT per receipt (gross × 19 / 119): cash1 191.60 → 192, cash2 180.42 → 180,
    // card 167.65 → 168, room 83.03 → 83, minibar 71.85 → 72, splitA 234.71 → 235, splitB 134.12 → 134,
    // lineDiscount 84.94 → 85, ticketDiscount 71.53 → 72, openPrice 2394.96 → 2395, voided 1421.01 → 1421,
    // its void −1421, the refund −180: 3436 (the day's gross at one rounding, 21510 × 19 / 119 =
    // 3434.37 → 3434, would not be what the receipts say). The two equal parts add 400 + 400, each
    // part's receipt 400 × 19 / 119 = 63.87 → 64: 3436 + 128 = 3564 on 22310, net 18746.
    { vatRateBp: 1900, netCents: 18_746, vatCents: 3564, grossCents: 22_310 },
    // 7 %: 1550 + 1690 + 1250 + 750 + 1085 = 6325; VAT per receipt (gross × 7 / 107): cash1 101.40 → 101,
    // card 110.56 → 111, room 81.78 → 82, minibar 49.07 → 49, ticketDiscount 70.98 → 71: 414. The
    // stand-alone card sale adds 1250, its receipt 1250 × 7 / 107 = 81.78 → 82: 496 on 7575, net 7079.
    { vatRateBp: 700, netCents: 7079, vatCents: 496, grossCents: 7575 },
  ],
  // quantityMilli: the items in thousandths (an equal split's part counts a share of an item); whole
  // items here, so each is the quantity × 1000
  byGroup: [
    // 2 + 1 Pils/Cola, Aperol + Espresso, Gin Tonic, Weißbier, Pils + Gin Tonic, 2 Pils, Weißbier +
    // Espresso over the two equal parts (each item once: 500 + 500 thousandths each), 2 + 2 with
    // discounts, Champagner and its void (0), the refund (−2): 3+2+1+1+2+2+2+2+2+0−2 = 15;
    // 1200 + 1130 + 1050 + 520 + 1470 + 840 + 800 + 532 + 448 + 0 − 1130 = 6860
    { groupId: 1, groupName: 'Bar', quantity: 15, quantityMilli: 15000, grossCents: 6860 },
    { groupId: 2, groupName: 'Minibar', quantity: 3, quantityMilli: 3000, grossCents: 1200 },
    // Club Sandwich 1550, Käsespätzle 1690, Kaiserschmarrn 1250, Club Sandwich at 1085, the
    // stand-alone Kaiserschmarrn 1250
    { groupId: 3, groupName: 'Küche / Kitchen', quantity: 5, quantityMilli: 5000, grossCents: 6825 },
    { groupId: 5, groupName: 'Service', quantity: 1, quantityMilli: 1000, grossCents: 15_000 },
  ],
  roomCharges: [
    { room: '104', records: 1, grossCents: 1770 },
    { room: '201', records: 1, grossCents: 1200 },
  ],
  drawer: {
    // 2750 + 1130 + 1470 + 840 + 400 + 400 + 532 + 1533 + 15000 + 8900 (the change stays in the drawer)
    cashSalesCents: 32_955,
    // the void 8900 + the refund 1130
    refundsCents: 10_030,
    // 15000 + 32955 − 10030
    expectedCents: 37_925,
  },
  /** €379.25 counted: 200 + 100 + 50 + 20 + 5 + 2 + 1 + 1 + 0.20 + 0.05. */
  countedPieces: { 20000: 1, 10000: 1, 5000: 1, 2000: 1, 500: 1, 200: 1, 100: 2, 20: 1, 5: 1 },
} as const;
