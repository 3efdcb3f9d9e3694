// The one pay screen: how (cash, card, the PMS's other methods, or charge to room), which part (the
// whole ticket or a split), and for cash the amount tendered on the number pad with quick notes.
// "Complete sale" records a cash-register sale; "charge to room" goes through the guest (RoomStep)
// and records a room charge, never a closed cash invoice. On an error the message shows and the
// ticket stays as it was; after a part of a split the rest stays on the ticket.
import { createMemo, createResource, createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import { catalogue } from '../../features/catalogue';
import { settings } from '../../features/device';
import { isCardMethod, reachTerminal } from '../../features/payment';
import type { SaleRecord } from '../../features/room-charge';
import { chosenSeatSplit, seatParts } from '../../features/tables';
import {
  type ApprovedSale,
  approveSale,
  nextSplit,
  type PartSummary,
  planSale,
  type SaleNeed,
  type SaleRefused,
  ticketLines,
  ticketTotals,
} from '../../features/ticket';
import { cashMethodId, defaultTemplateId } from '../../rules/payment';
import type { Split } from '../../rules/split';
import { roomTransferMethodId } from '../../rules/tender';
import { parseAmount } from '../../rules/ticket-lines';
import type { CardPaymentRecord } from '../../storage/records';
import { errorText } from '../../words/error-text';
import { formatCents, withoutGrouping } from '../../words/format';
import { t } from '../../words/i18n';
import { createMediaQuery } from '../common/media-query';
import { useSubmitter } from '../common/submit';
import { ChargeDone } from '../room-charge/ChargeDone';
import { CardPay } from './CardPay';
import { DiscountChoice, type DiscountKind, readDiscount } from './DiscountChoice';
import { completeSaleAction } from './data';
import { MethodChoice, type MethodPick } from './MethodChoice';
import { RoomStep } from './RoomStep';
import { SplitChoice } from './SplitChoice';
import { StandaloneCardPay } from './StandaloneCardPay';
import { TenderedField, TenderedPad } from './TenderedField';
import './pay.css';

export function PayPanel(props: { onBack: () => void; onDone: () => void }) {
  const options = () => catalogue().paymentOptions;
  const cashId = () => cashMethodId(options().payment_methods, settings().cashPaymentMethodId);
  const roomId = () => roomTransferMethodId(options().payment_methods);
  const [pick, setPick] = createSignal<MethodPick | null>(
    cashId() ?? options().payment_methods[0]?.id ?? null,
  );
  const [templateId, setTemplateId] = createSignal(defaultTemplateId(options().invoice_templates));
  const [tendered, setTendered] = createSignal('');
  const [split, setSplit] = createSignal<Split>(chosenSeatSplit(ticketLines()) ?? nextSplit());
  const [charged, setCharged] = createSignal<SaleRecord>();
  // Escape goes back to the ticket, as the Back button does (not while a dialog over it is open)
  onMount(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if ((event.target as HTMLElement | null)?.closest('dialog') || document.querySelector('dialog[open]'))
        return;
      props.onBack();
    };
    document.addEventListener('keydown', onKey);
    onCleanup(() => document.removeEventListener('keydown', onKey));
  });
  const { submission, submit } = useSubmitter(completeSaleAction);
  const [discountKind, setDiscountKind] = createSignal<DiscountKind>('percent');
  const [discountText, setDiscountText] = createSignal('');
  const [discountRefusal, setDiscountRefusal] = createSignal<string>();
  const discount = createMemo(() => readDiscount(discountKind(), discountText(), ticketTotals().grossCents));
  /** What paying now records: its lines, what stays open, the part's summary (features/ticket/sale-plan.ts). */
  const plan = createMemo(() => planSale({ split: split(), discount: discount().discount }));
  const part = () => plan().part;
  const amount = () => plan().totalCents;
  const isCash = () => pick() !== null && pick() === cashId();
  // A tablet has no room for the pad below a split's list of lines, nor a landscape one below the
  // parts (issue 33): the tendered field then takes the keyboard's digits; the quick amounts stay.
  const tablet = createMediaQuery(TABLET);
  const shortTablet = createMediaQuery(SHORT_TABLET);
  const padShown = () =>
    !(tablet() && (split().mode === 'lines' || (shortTablet() && split().mode === 'equal')));
  // Card through the terminal (issue 25), where one serves this tablet: CardPay replaces Complete.
  // Where none can be driven (server down, or no terminal), a card is taken stand-alone (issue 30):
  // a card method never falls through to Complete, which would record card money no terminal took.
  const [reach] = createResource(reachTerminal);
  const terminal = () => reach()?.terminal ?? null;
  const cardMethod = () => {
    const method = options().payment_methods.find((m) => m.id === pick());
    return !!method && isCardMethod(method.name);
  };
  const byCard = () => cardMethod() && !!terminal();
  const standaloneWhy = () => (cardMethod() && !terminal() ? (reach()?.why ?? null) : null);
  const tenderedShort = () => {
    if (!isCash() || !tendered().trim()) return false;
    const cents = parseAmount(withoutGrouping(tendered()));
    return cents === undefined || cents < amount();
  };
  const nothingPicked = () => part()?.lines.length === 0 || discount().error !== undefined;
  /** The sale's id and the managers' approvals it needs (features/ticket/sale-plan.ts); null when refused. */
  const approve = async (): Promise<ApprovedSale | null> => {
    setDiscountRefusal(undefined);
    return approvedOrSaid(await approveSale(choice(), describeNeed));
  };
  /** Before a card is charged: its sale's id is fixed (the terminal's payment names it); a tip typed
   * here above the outlet's limits is approved with the sale. */
  const approveForCard = async (tipCents: number) => {
    setDiscountRefusal(undefined);
    return approvedOrSaid(await approveSale(choice(), describeNeed, true, tipCents));
  };
  const choice = () => ({ split: split(), discount: discount().discount });
  const approvedOrSaid = <T extends ApprovedSale>(approved: T | SaleRefused): T | null => {
    if (!('refused' in approved)) return approved;
    if (approved.need?.action === 'open_price') setDiscountRefusal(t('split.error.open-price-cancelled'));
    else if (approved.need?.action === 'over_limit') setDiscountRefusal(t('limit.cancelled'));
    else setDiscountRefusal(t(`discount.error.${approved.refused}`));
    return null;
  };
  const complete = async (event: SubmitEvent) => {
    event.preventDefault();
    const method = pick();
    if (method === 'room' || method === null) return;
    const tenderedCents =
      isCash() && tendered().trim() ? parseAmount(withoutGrouping(tendered())) : undefined;
    const approved = await approve();
    if (!approved) return;
    const taken = plan().discount;
    const payment = {
      paymentMethodId: method,
      templateId: templateId() ?? 0,
      tenderedCents,
      part: part(),
      shareWord: t('ticket.shareWord'),
      ...approved,
      ...(taken ? { discount: { beforeCents: taken.beforeCents, cents: taken.cents } } : {}),
    };
    if (await submit(payment)) props.onDone();
  };
  /** Paid on a stand-alone terminal: the sale with the receipt number staff typed from it. */
  const completeStandalone = async (receiptNumber: string, tipCents: number) => {
    const method = pick();
    if (typeof method !== 'number') return;
    // a tip above the outlet's limits is approved with the sale, as one typed for the terminal
    const approved = tipCents > 0 ? await approveForCard(tipCents) : await approve();
    if (!approved) return;
    const taken = plan().discount;
    const payment = {
      paymentMethodId: method,
      templateId: templateId() ?? 0,
      part: part(),
      ...approved,
      standaloneCard: { receiptNumber, ...(tipCents > 0 ? { tipCents } : {}) },
      ...(taken ? { discount: { beforeCents: taken.beforeCents, cents: taken.cents } } : {}),
    };
    if (await submit(payment)) props.onDone();
  };
  const completeByCard = async (
    card: CardPaymentRecord,
    prepared: { saleId: string; approvals?: string[] },
  ) => {
    const taken = plan().discount;
    const method = pick();
    if (typeof method !== 'number') return;
    const payment = {
      paymentMethodId: method,
      templateId: templateId() ?? 0,
      part: part(),
      shareWord: t('ticket.shareWord'),
      ...prepared,
      card,
      ...(taken ? { discount: { beforeCents: taken.beforeCents, cents: taken.cents } } : {}),
    };
    if (await submit(payment)) props.onDone();
  };
  return (
    <Show when={!charged()} fallback={<RoomDone sale={charged()!} onBack={props.onBack} />}>
      <form class="pay-panel" onSubmit={complete}>
        <div class="panel-header pay-header">
          <h2>{t('pay.title')}</h2>
          <strong class="pay-total" data-testid="pay-total">
            {formatCents(amount())}
          </strong>
        </div>
        <Show
          when={options().payment_methods.length > 0}
          fallback={<p class="form-error">{t('pay.noOptions')}</p>}
        >
          <div class="pay-choices">
            <MethodChoice
              methods={options().payment_methods}
              roomMethodId={roomId()}
              selected={pick()}
              onSelect={setPick}
            />
            <SplitChoice
              lines={ticketLines()}
              seats={seatParts(ticketLines())}
              split={split()}
              onSplit={setSplit}
            />
            <Show when={plan().summary}>
              {(summary) => (
                <p class="split-summary" data-testid="split-summary">
                  {summaryText(summary(), amount())}
                </p>
              )}
            </Show>
            <Show when={isCash() && padShown()}>
              <TenderedPad text={tendered()} onText={setTendered} />
            </Show>
          </div>
          <div class="pay-money">
            <Show
              when={pick() !== 'room'}
              fallback={<RoomStep part={part()} approve={approve} onCharged={setCharged} />}
            >
              <label class="field">
                <span>{t('pay.template')}</span>
                <select onChange={(e) => setTemplateId(Number(e.currentTarget.value))}>
                  <For each={options().invoice_templates}>
                    {(tpl) => (
                      <option value={tpl.id} selected={tpl.id === templateId()}>
                        {tpl.name}
                      </option>
                    )}
                  </For>
                </select>
              </label>
              <DiscountChoice
                kind={discountKind()}
                text={discountText()}
                error={discount().error ?? discountRefusal()}
                onKind={setDiscountKind}
                onText={setDiscountText}
              />
              <Show when={isCash()}>
                <TenderedField
                  totalCents={amount()}
                  text={tendered()}
                  onText={setTendered}
                  keyboard={!padShown()}
                />
              </Show>
              <p class="form-error" role="alert">
                {submission.error ? errorText(submission.error) : ''}
              </p>
              <Show when={byCard()}>
                <CardPay
                  terminal={terminal()!}
                  amountCents={amount()}
                  prepare={approveForCard}
                  onApproved={completeByCard}
                  back={<BackButton onBack={props.onBack} />}
                />
              </Show>
              <Show when={standaloneWhy()}>
                {(why) => (
                  <StandaloneCardPay
                    why={why()}
                    amountCents={amount()}
                    pending={!!submission.pending}
                    disabled={nothingPicked()}
                    onRecord={completeStandalone}
                    back={<BackButton onBack={props.onBack} />}
                  />
                )}
              </Show>
              <Show when={!cardMethod()}>
                <div class="pay-buttons">
                  <button
                    type="submit"
                    class="primary pay-complete"
                    disabled={submission.pending || pick() === null || tenderedShort() || nothingPicked()}
                  >
                    {submission.pending ? t('pay.completing') : t('pay.complete')}
                  </button>
                  <BackButton onBack={props.onBack} />
                </div>
              </Show>
            </Show>
            <Show when={pick() === 'room'}>
              <BackButton onBack={props.onBack} />
            </Show>
          </div>
        </Show>
      </form>
    </Show>
  );
}

/** A tablet (the pay screen in two columns), and one in landscape: pay.css has the same queries. */
const TABLET = '(min-width: 701px)';
const SHORT_TABLET = '(min-width: 701px) and (max-height: 820px)';

/** What the pay screen says of the part being paid. */
function summaryText(summary: PartSummary, amountCents: number): string {
  const amount = formatCents(amountCents);
  switch (summary.kind) {
    case 'equal-part':
      return t('split.partOf', { ...numbered(summary), amount, rest: formatCents(summary.restCents) });
    case 'part':
      return t('split.restOpen', { amount, rest: formatCents(summary.restCents) });
    case 'last-part':
      return t('split.lastPart', { ...numbered(summary), amount });
    case 'whole-rest':
      return t('split.wholeRest', { paid: summary.paid, count: summary.count, amount });
  }
}

const numbered = (summary: { number: number; count: number }) => ({
  number: summary.number,
  count: summary.count,
});

/** A manager's approval the sale needs, in staff words (the approval dialog shows it). */
function describeNeed(need: SaleNeed): string {
  if (need.action === 'open_price')
    return t('openPrice.approval', { amount: formatCents(need.amountCents), name: need.line.name });
  if (need.action === 'over_limit')
    return t('limit.approval', {
      amount: formatCents(need.amountCents),
      limit: formatCents(need.limitCents),
    });
  return t('discount.what', {
    amount: formatCents(need.amountCents),
    percent: `${Math.round(need.percent * 100) / 100} %`,
    total: formatCents(need.beforeCents),
  });
}

function BackButton(props: { onBack: () => void }) {
  return (
    <button type="button" class="pay-back" onClick={() => props.onBack()}>
      {t('pay.back')}
    </button>
  );
}

/** After a room charge from the pay screen: what was charged, and back to the (rest of the) ticket. */
function RoomDone(props: { sale: SaleRecord; onBack: () => void }) {
  return (
    <div class="pay-panel pay-room-done">
      <ChargeDone sale={props.sale} />
      <button type="button" class="primary pay-complete" onClick={() => props.onBack()}>
        {ticketLines().length > 0 ? t('pay.done.rest') : t('pay.done.newSale')}
      </button>
    </div>
  );
}
