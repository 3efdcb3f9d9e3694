// German texts of the outbox's refusals (English and the keys: en.ts); the type makes it have
// exactly the English keys.
import type { en } from './en';

export const de: Record<keyof typeof en, string> = {
  'refusal.no-such-sale': 'Diesen Verkauf gibt es auf diesem Tablet nicht.',
  'refusal.sale-changed': 'Der Verkauf hat sich inzwischen geändert; bitte noch einmal versuchen.',
  'refusal.nothing-to-send': 'Verkauf {reference} hat nichts mehr zu senden.',
  'refusal.confirm-step-first': 'Bitte zuerst angeben, ob dieser Schritt im PMS angekommen ist.',
  'refusal.step-being-sent': 'Dieser Schritt wird gerade gesendet.',
  'refusal.no-step-awaits-decision': 'Kein Schritt dieses Verkaufs wartet auf diese Entscheidung.',
  'refusal.void-needs-reason': 'Bitte einen Grund für das Stornieren angeben.',
  'refusal.already-voided': 'Verkauf {reference} ist bereits storniert.',
  'refusal.still-checking':
    'Die Kasse prüft noch, ob Schritt {step} im PMS angekommen ist; bitte gleich noch einmal versuchen.',
  'refusal.still-recording':
    'Die Kasse prüft noch, ob der Kassenserver den Verkauf {reference} verbucht hat; bitte gleich noch einmal versuchen.',
  'refusal.items-on-pms-invoice':
    'Die Artikel von {reference} stehen bereits auf einer PMS-Rechnung. Den Verkauf abschließen (erneut senden) oder die Rechnung im PMS stornieren.',
  'refusal.product-exists': 'Der Artikel von {reference} ist bereits im PMS angelegt.',
  'refusal.items-already-off-room': 'Die Artikel von {reference} sind bereits vom Zimmer genommen.',
  'refusal.not-a-room-charge': 'Nur eine Zimmerbelastung kann zurückgenommen werden; {reference} ist keine.',
  'refusal.already-reversed': 'Verkauf {reference} ist bereits zurückgenommen.',
  'refusal.voided': 'Verkauf {reference} ist storniert.',
  'refusal.not-on-room':
    'Verkauf {reference} steht nicht auf dem Zimmer (das PMS hat ihn abgelehnt oder er ist unbestätigt): bitte stornieren.',
  'refusal.take-back-too-many':
    'Von dieser Zeile von {reference} können nur noch {left} zurückgenommen werden.',
  'refusal.partly-taken-back':
    'Ein Teil von {reference} ist bereits zurückgenommen: den Rest zeilenweise zurücknehmen statt zu stornieren.',
  'refusal.guest-not-gone':
    'Verkauf {reference} wurde nicht abgelehnt, weil der Gast abgereist ist: erneut senden oder stornieren.',
  'refusal.already-moved': 'Verkauf {reference} ist bereits in eine Nachbelastung übertragen.',
  'refusal.cancel-needs-reason': 'Bitte einen Grund für die Stornierung angeben.',
  'refusal.not-a-cash-sale':
    'Verkauf {reference} ist kein Barverkauf: nur diese lassen sich hier stornieren.',
  'refusal.already-cancelled': 'Verkauf {reference} ist bereits storniert.',
  'refusal.not-confirmed-yet':
    'Verkauf {reference} ist vom PMS noch nicht bestätigt: stattdessen unter Sync stornieren oder die Bestätigung abwarten.',
  'refusal.is-cancellation': '{reference} ist ein Stornobeleg und lässt sich nicht stornieren.',
};
