// The German texts of the sync view: sales, their steps, their troubles, and the outbox's refusals of a staff action: exactly the keys of texts.en.ts
// (its type says so), read through `t()` (src/words/i18n.ts).
import type { texts as english } from './texts.en';

export const texts: Record<keyof typeof english, string> = {
  'sync.now': 'Jetzt abgleichen',
  'sync.busy': 'Gleiche ab …',
  'sync.lastSync': 'Letzter Abgleich: {time}',
  'sync.neverSynced': 'Noch nicht abgeglichen.',
  'sync.nextAttempt': 'Nächster Versuch um {time}.',
  'sync.lastProblem':
    'Der letzte Versuch um {time} kam nicht durch; die Kasse versucht es selbstständig weiter.',
  'sync.storage.kept': 'Der Speicher ist dauerhaft: Der Browser löscht die Verkäufe der Kasse nicht.',
  'sync.storage.notKept':
    'Der Speicher ist nicht dauerhaft: Der Browser kann ihn bei Platzmangel löschen. Bitte bald abgleichen.',
  'sync.storage.unknown': 'Dieser Browser gibt nicht an, ob der Speicher der Kasse dauerhaft ist.',
  'sync.allInPms': 'Alle Verkäufe sind im PMS.',
  'sync.oldest.sending': 'Älteste wartende: {reference} von {time}, Schritt {step} wird gerade gesendet.',
  'sync.oldest.due': 'Älteste wartende: {reference} von {time}, Schritt {step} ist jetzt fällig.',
  'sync.oldest.retry.unreachable':
    'Älteste wartende: {reference} von {time}, Schritt {step}: Kassenserver oder PMS haben nicht geantwortet. Nächster Versuch um {at}.',
  'sync.oldest.retry.server':
    'Älteste wartende: {reference} von {time}, Schritt {step}: Das PMS hat mit einem Fehler geantwortet. Nächster Versuch um {at}.',
  'sync.oldest.retry.other':
    'Älteste wartende: {reference} von {time}, Schritt {step}: nächster Versuch um {at}.',
  'sync.oldest.heldBehind':
    'Älteste wartende: {reference} von {time}, Schritt {step} wartet, bis {behind} (gleiches Zimmer) geklärt ist.',
  'sync.oldest.dependency':
    'Älteste wartende: {reference} von {time}, Schritt {step} wartet auf den Verkauf, auf den er sich bezieht.',
  'sync.showing': 'Die ältesten {shown} von {total} sind aufgelistet.',
  'sync.showMore': 'Mehr zeigen',
  'sync.section.attention': 'Bitte prüfen',
  'sync.section.pending': 'Ausstehend',
  'sync.section.confirmed': 'Bestätigt',
  'sync.section.voided': 'Storniert',
  'sync.count': '{count}',
  'sync.sale.kind.cash-sale': 'Verkauf',
  'sync.sale.kind.room-charge': 'Zimmerbelastung',
  'sync.sale.kind.charge-reversal': 'Rückbuchung',
  'sync.sale.kind.product-creation': 'Neuer Artikel',
  'sync.sale.kind.late-charge': 'Nachbelastung',
  'sync.sale.kind.shift-close': 'Schicht abgeschlossen',
  'sync.sale.kind.shift-open': 'Schicht eröffnet (Wechselgeld)',
  'sync.sale.status.pending': 'Ausstehend',
  'sync.sale.status.sending': 'Wird gesendet',
  'sync.sale.status.needs-attention': 'Bitte prüfen',
  'sync.sale.status.synced': 'Bestätigt',
  'sync.sale.status.refund': 'Im PMS zu erledigen',
  'sync.sale.status.voided': 'Storniert',
  'sync.sale.reference': 'Verkauf {reference}',
  'sync.sale.room': 'Zimmer {room} · {guest}',
  'sync.sale.madeBy': '{time} · {staff}',
  'sync.sale.voided': 'Storniert von {staff}: {reason}',
  'sync.sale.steps': 'Schritte',
  'sync.step.cash-invoice.create': 'Rechnung anlegen',
  'sync.step.cash-invoice.add-products': 'Artikel auf die Rechnung buchen',
  'sync.step.cash-invoice.close': 'Rechnung mit der Zahlung abschließen',
  'sync.step.cash-invoice.address-to-guest': 'Rechnung an den Gast adressieren',
  'sync.step.room.add-products': 'Artikel auf das Zimmer buchen',
  'sync.step.room.remove-products': 'Artikel vom Zimmer zurückbuchen',
  'sync.step.product.create': 'Artikel anlegen',
  'sync.step.ledger.record': 'Verkauf auf dem Kassenserver erfassen',
  'sync.step.ledger.void': 'Verkauf und Storno auf dem Kassenserver erfassen',
  'sync.server.title': 'Verkäufe auf dem Kassenserver',
  'sync.server.show': 'Verkäufe auf dem Kassenserver anzeigen',
  'sync.server.more': 'Mehr anzeigen',
  'sync.server.inPms': 'im PMS',
  'sync.server.notYetInPms': 'noch nicht im PMS',
  'sync.server.notOnTablet': '(nicht mehr auf diesem Tablet)',
  'sync.server.failed': 'Der Kassenserver ist nicht erreichbar. Bitte später erneut versuchen.',
  'sync.step.other': 'Schritt {step}',
  'sync.step.state.queued': 'Wartet',
  'sync.step.state.in-flight': 'Wird gesendet',
  'sync.step.state.unsure': 'Ohne Antwort',
  'sync.step.state.done': 'Erledigt',
  'sync.step.state.failed': 'Abgelehnt',
  'sync.step.state.unverifiable': 'Unklar',
  'sync.step.state.voided': 'Storniert',
  'sync.step.state.superseded': 'Ersetzt',
  'sync.problem.refused': 'Das PMS hat das abgelehnt: {message}',
  'sync.problem.unreachable': 'PMS nicht erreichbar – neuer Versuch um {time}',
  'sync.problem.tillUnreachable':
    'Kassenserver nicht erreichbar, nichts gesendet – neuer Versuch um {time}. Stornieren ist möglich.',
  'sync.problem.checkingLater':
    'Gesendet, aber ohne Antwort – die Kasse prüft um {time} im PMS, ob es angekommen ist. Stornieren ist erst danach möglich.',
  'sync.problem.pmsFailed': 'Fehler im PMS – neuer Versuch um {time}',
  'sync.problem.slowDown': 'Das PMS bittet die Kasse zu warten – neuer Versuch um {time}',
  'sync.problem.oddAnswer': 'Unerwartete Antwort vom PMS – die Kasse prüft und versucht es um {time} erneut',
  'sync.problem.interrupted': 'Das Senden wurde unterbrochen – die Kasse prüft um {time} im PMS nach',
  'sync.problem.cannotVerify':
    'Die Kasse kann nicht feststellen, ob das im PMS angekommen ist. Bitte im PMS nach {items} von {time} (Verkauf {reference}) sehen und dann unten wählen.',
  'sync.problem.badRequest':
    'Die Kasse hat eine Anfrage erstellt, die das PMS nicht annehmen kann ({message}). Bitte den Verkauf stornieren und neu erfassen.',
  'sync.problem.ledger.sale_conflict':
    'Der Kassenserver hat unter dieser Nummer schon einen anderen Verkauf. Bitte eine Führungskraft, das Verkaufsjournal zu prüfen.',
  'sync.problem.ledger.card_payment_unknown':
    'Der Kassenserver kennt keine Kartenzahlung an seinem Terminal, die zu diesem Verkauf passt ({message}). Bitte die Belege des Terminals prüfen und eine Führungskraft fragen.',
  'sync.problem.ledger.product_unknown':
    'Ein Artikel dieses Verkaufs steht nicht im Artikelstamm des Kassenservers ({message}). Bitte eine Führungskraft, den Artikel im PMS zu prüfen.',
  'sync.problem.ledger.catalogue_unavailable':
    'Der Kassenserver kann den Artikelstamm gerade nicht lesen, um diesen Verkauf zu bepreisen ({message}). Die Kasse sendet ihn erneut.',
  'sync.problem.ledger.limit_exceeded':
    'Dieser Verkauf liegt über der Grenze der Verkaufsstelle ({message}) und braucht die Freigabe einer Führungskraft. Bitte eine Führungskraft fragen.',
  'sync.problem.ledger.refund_exceeds_sale':
    'Das nimmt mehr zurück, als vom Verkauf übrig ist ({message}), deshalb hat der Kassenserver es nicht erfasst. Bitte eine Führungskraft, den Verkauf zu prüfen.',
  'sync.problem.ledger.business_missing':
    'Name und Anschrift des Hotels sind auf dem Kassenserver nicht eingetragen, deshalb kann dieser Verkauf nicht signiert werden ({message}). Bitte eine Führungskraft, sie auf der Verwaltungsseite einzutragen, dann erneut senden.',
  'sync.problem.ledger.till_decommissioned':
    'Diese Kasse wurde auf dem Kassenserver außer Betrieb genommen und nimmt keine Verkäufe mehr an ({message}). Der Verkauf bleibt hier gespeichert: bitte eine Führungskraft fragen.',
  'sync.problem.ledger.approval':
    'Der Kassenserver hat die Freigabe für diesen Verkauf nicht angenommen ({message}). Verkauf stornieren und mit neuer Freigabe erneut buchen.',
  'sync.problem.ledger.refused': 'Der Kassenserver hat diesen Verkauf abgelehnt: {message}',
  'sync.problem.ledger.sale_totals':
    'Die Beträge dieses Verkaufs gehen nicht auf, deshalb hat der Kassenserver ihn nicht erfasst. Verkauf stornieren und neu buchen.',
  'sync.problem.ledger.sale_invalid':
    'Der Kassenserver konnte diesen Verkauf nicht lesen ({message}). Verkauf stornieren und neu buchen; passiert es wieder, die App aktualisieren.',
  'sync.problem.ledger.sale_unknown':
    'Der Verkauf, auf den sich das bezieht, ist nicht auf dem Kassenserver. Bitte eine Führungskraft, das Verkaufsjournal zu prüfen.',
  'sync.problem.ledger.sale_not_recorded':
    'Der Kassenserver hat diesen Verkauf nicht erfasst, deshalb ging nichts an das PMS. Erneut senden; bleibt es so, eine Führungskraft fragen.',
  'sync.problem.ledger.write_mismatch':
    'Was die Kasse gesendet hat, weicht vom erfassten Verkauf ab, deshalb hat der Kassenserver es angehalten; nichts wurde gebucht. Bitte eine Führungskraft, den Verkauf zu prüfen.',
  'sync.problem.ledger.invoice_not_of_sale':
    'Diese PMS-Rechnung wurde nicht für diesen Verkauf eröffnet, deshalb hat der Kassenserver es angehalten; nichts wurde gebucht. Bitte eine Führungskraft, den Verkauf zu prüfen.',
  'sync.problem.ledger.payment_mismatch':
    'Die Zahlung ist nicht die für diesen Verkauf erfasste, deshalb hat der Kassenserver die Rechnung nicht geschlossen. Bitte eine Führungskraft, den Verkauf zu prüfen.',
  'sync.problem.ledger.write_repeated':
    'Das ist schon im PMS (oder auf dem Weg dorthin), deshalb hat der Kassenserver es nicht doppelt gebucht. Im PMS nachsehen; ist es dort, „Wurde gebucht“ wählen.',
  'sync.problem.unknownStep':
    'Diese Version der Kasse kennt diesen Schritt nicht. Bitte die App aktualisieren.',
  'sync.problem.waitsForCharge': 'Wartet, bis die zurückzubuchende Belastung bestätigt ist.',
  'sync.problem.heldBehind':
    'Wartet, bis die Belastung {reference} auf dasselbe Zimmer bestätigt ist: zwei Belastungen eines Zimmers gehen nacheinander hinaus.',
  'sync.action.retry': 'Erneut senden',
  'sync.action.retryNow': 'Jetzt erneut versuchen',
  'sync.action.posted': 'Wurde gebucht',
  'sync.action.postAgain': 'Erneut buchen',
  'sync.action.void': 'Stornieren …',
  'sync.action.voidReason': 'Grund für die Stornierung',
  'sync.action.voidConfirm': 'Verkauf stornieren',
  'sync.action.cancel': 'Abbrechen',
  'reason.quick.label': 'Schnellgründe',
  'reason.quick.wrongItem': 'Falscher Artikel',
  'reason.quick.complaint': 'Reklamation des Gastes',
  'reason.quick.spilled': 'Verschüttet',
  'sync.action.needReason': 'Bitte einen Grund angeben.',
  'sync.action.refused': 'Nicht möglich: {message}',
  'sync.action.voidRoomNote': 'Die Artikel sind bereits auf dem Zimmer: Stornieren bucht sie wieder zurück.',
  'sync.section.cancellations': 'Erstattet: im PMS zu erledigen',
  'sync.sale.kind.cash-cancellation': 'Erstattung',
  'sync.allInPmsButVoided': 'Alle nicht stornierten Verkäufe sind im PMS; stornierte wurden nie gesendet.',
  'sync.sale.cancelInPms':
    'Rechnung {invoice} (Verkauf {reference}) im PMS stornieren: die Kasse kann das nicht.',
  'sync.sale.cancelled': 'Erstattet von {staff}: {reason}',
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
