// The document of a closed invoice: a PDF (pdf.ts) with the hotel, the invoice number and date, the
// recipient, the stay, every item with quantity, unit price and amount, the total and the VAT it
// includes per tax class (prices are gross). Produced from the closed invoice, which never changes
// again, so fetching it twice gives the same document. GET /api/get/invoice/{id}/document (our
// path, named by document_url in the closing answers) serves it as application/pdf; 404 for an
// unknown invoice, 409 while the invoice is open.
import { Hono } from 'hono';
import { ApiError, param } from '../../node-http/errors.ts';
import { IdParam } from '../../pms/wire.ts';
import type { TestHotel } from '../hotel.ts';
import { germanDate } from '../infra/clock.ts';
import { type HotelDb, statement } from '../infra/db.ts';
import { type PdfLine, textPdf } from '../infra/pdf.ts';
import { HOTEL_PROFILE, type HotelProfile } from '../model/hotel-profile.ts';
import { findInvoice, type InvoiceRow, itemsOfInvoice, totalCents } from '../model/invoices.ts';

const WIDTH = 78;

/** Cents as German money text, e.g. 1670 -> "16,70". */
function euro(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}`;
}

/** Left text and right text on one line of WIDTH characters. */
function row(left: string, right: string): string {
  const room = WIDTH - right.length - 1;
  const cut = left.length > room ? `${left.slice(0, room - 1)}…` : left;
  return `${cut.padEnd(room)} ${right}`;
}

function named(db: HotelDb, table: 'invoice_templates' | 'payment_methods', id: number | null): string {
  if (id === null) return '';
  return (
    (statement(db, `SELECT name FROM ${table} WHERE id = ?`).pluck().get(id) as string | undefined) ?? ''
  );
}

export function invoiceDocument(
  db: HotelDb,
  invoice: InvoiceRow,
  profile: HotelProfile = HOTEL_PROFILE,
): Buffer {
  const items = itemsOfInvoice(db, invoice.id);
  const stay =
    invoice.room_reservation_id === null
      ? undefined
      : (statement(
          db,
          `SELECT mr.reservation_number, rr.start_date, rr.end_date, r.number AS room FROM room_reservations rr
           JOIN main_reservations mr ON mr.id = rr.main_reservation_id LEFT JOIN rooms r ON r.id = rr.room_id
           WHERE rr.id = ?`,
        ).get(invoice.room_reservation_id) as
          | { reservation_number: string; start_date: string; end_date: string; room: string | null }
          | undefined);
  const taxes = statement(db, 'SELECT id, name, rate_basis_points FROM tax_classes ORDER BY id').all() as {
    id: number;
    name: string;
    rate_basis_points: number;
  }[];
  const rule = '-'.repeat(WIDTH);
  const lines: PdfLine[] = [
    { text: profile.name, bold: true, size: 16 },
    { text: `${profile.street}, ${profile.zip} ${profile.city}, ${profile.country}` },
    { text: `UID ${profile.vatId}` },
    { text: '' },
    { text: `Rechnung / Invoice Nr. ${invoice.id}`, bold: true, size: 13 },
    { text: `Datum / Date: ${germanDate((invoice.closed_at ?? invoice.created_at).slice(0, 10))}` },
    { text: `Empfänger / Recipient: ${invoice.recipient_name}` },
  ];
  if (stay) {
    lines.push({
      text:
        `Reservierung / Reservation ${stay.reservation_number}, Zimmer / Room ${stay.room ?? '-'}, ` +
        `${germanDate(stay.start_date)} - ${germanDate(stay.end_date)}`,
    });
  }
  if (invoice.reference) lines.push({ text: `Referenz / Reference: ${invoice.reference}` });
  lines.push(
    { text: '' },
    { text: row('Menge  Artikel / Item', 'Einzel      Betrag'), bold: true },
    { text: rule },
    ...items.map((item) => ({
      text: row(
        `${String(item.quantity).padStart(4)} x ${item.name}`,
        `${euro(item.price_cents).padStart(9)} ${euro(item.price_cents * item.quantity).padStart(10)}`,
      ),
    })),
    { text: rule },
    { text: row(`Gesamt / Total ${HOTEL_PROFILE.currency}`, euro(totalCents(items))), bold: true },
    { text: '' },
    { text: 'Enthaltene Umsatzsteuer / VAT included:' },
  );
  for (const tax of taxes) {
    const gross = totalCents(items.filter((item) => item.tax_class_id === tax.id));
    if (gross === 0) continue;
    const vat = Math.round((gross * tax.rate_basis_points) / (10_000 + tax.rate_basis_points));
    lines.push({
      text: row(`  ${tax.name}`, `netto ${euro(gross - vat).padStart(10)}  USt ${euro(vat).padStart(9)}`),
    });
  }
  lines.push(
    { text: '' },
    { text: `Vorlage / Template: ${named(db, 'invoice_templates', invoice.template_id)}` },
    { text: `Bezahlt / Paid: ${named(db, 'payment_methods', invoice.payment_method_id)}` },
  );
  return textPdf(lines, `${profile.name} - Rechnung ${invoice.id}`);
}

export function invoiceDocumentRoutes(hotel: TestHotel): Hono {
  const { db } = hotel;
  const routes = new Hono();

  routes.get('/api/get/invoice/:invoice_id/document', (c) => {
    const invoiceId = param(c, 'invoice_id', IdParam);
    const invoice = findInvoice(db, invoiceId);
    if (!invoice) throw new ApiError(404, `there is no invoice ${invoiceId}`, 'invoice_id');
    if (invoice.status !== 'closed') {
      throw new ApiError(
        409,
        `invoice ${invoiceId} is open; a document is produced when it is closed`,
        'invoice_id',
      );
    }
    const pdf = invoiceDocument(db, invoice, hotel.profile);
    return c.body(new Uint8Array(pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="invoice-${invoiceId}.pdf"`,
    });
  });

  return routes;
}
