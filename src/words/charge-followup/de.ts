// Words for following up a room charge, in German (English and what they are for: en.ts).
import type { ChargeFollowUpWord } from './en';

export const de: Record<ChargeFollowUpWord, string> = {
  attentionCount: 'Bitte prüfen: {count}',
  attentionOpen: 'Die Verkäufe öffnen, die geprüft werden müssen',
  takeBackTitle: '{item} zurückbuchen (Verkauf {reference})',
  takeBackQuantity: 'Wie viele? (1 bis {max})',
  takeBackFewer: 'Eins weniger',
  takeBackMore: 'Eins mehr',
  takeBackLimit: 'Höchstens {max}: so viele stehen noch auf dem Zimmer.',
  takeBackApproval: '{quantity} × {item} von Verkauf {reference} zurückbuchen',
  takeBackCancelled: 'Kein Manager hat zugestimmt: nichts wurde zurückgebucht.',
  movedTo: 'Übertragen in Nachbelastung {reference}',
  movedToInvoice: 'Übertragen in Rechnung {invoice} (Nachbelastung {reference})',
  lateCharge: 'An den Gast mit seiner eigenen Adresse; die Rechnung bleibt für die Rezeption offen.',
  lateInvoice: 'Kassenrechnung {invoice}',
  lateChargeAction: 'Nachbelastung an den Gast',
  lateChargeNote:
    'Der Gast ist abgereist. Eine Nachbelastung bucht diese Artikel auf eine Kassenrechnung an {guest} mit der eigenen Adresse des Gastes; sie bleibt für die Rezeption offen.',
};
