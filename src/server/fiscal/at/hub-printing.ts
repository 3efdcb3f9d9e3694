// Austria's special receipts on paper (docs/fiscal.md, "Austria"): the Start-, Monats-, Jahres-,
// Null-, Sammel- and Schlussbeleg print at the hub's receipt printer (the first outlet, in the hub's
// order, that has one: one register per hub) like a sale's receipt, total 0,00, with the BAO lines
// and the RKSV QR code; once per receipt, and as a marked copy when printed again.
import type { Hub } from '../../hub/hub.ts';
import { NoPrinterError, type Printing } from '../../printing/printing.ts';
import type { SpecialReceiptPrinter } from './receipt-marks.ts';

export function specialReceiptPrinter(hub: Hub, printing: Printing): SpecialReceiptPrinter {
  return (special, copyId) => {
    const outlet = hub.outlets.list().find((o) => printing.printers.receiptPrinter(o.id));
    if (!outlet) throw new NoPrinterError('the hub has no receipt printer');
    const kassenId = special.lines.find((line) => line.startsWith('Kassen-ID'))?.split(': ')[1] ?? '';
    return printing.printReceipt(outlet.id, {
      language: 'de',
      ...(copyId ? { copyId } : {}),
      receipt: {
        saleId: `rksv:${special.receiptNumber}`,
        reference: special.receiptNumber,
        createdAt: special.createdAt,
        tillName: kassenId,
        outletName: outlet.name,
        staffName: '',
        lines: [{ name: special.title, quantity: 1, unitPriceCents: 0, totalCents: 0 }],
        note: '',
        grossCents: 0,
        taxes: [],
        paymentMethodName: '',
        isCash: false,
        tenderedCents: null,
        changeCents: null,
        currency: 'EUR',
        fiscal: { lines: special.lines, ...(special.qrCode ? { qrCode: special.qrCode } : {}) },
      },
    });
  };
}
