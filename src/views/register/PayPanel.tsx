// The one pay screen: how (cash, card, the PMS's other methods, or charge to room), which part (the
// whole ticket or a split), and for cash the amount tendered on the number pad with quick notes.
// "Complete sale" records a cash-register sale; "charge to room" goes through the guest (RoomStep)
// and records a room charge, never a closed cash invoice. On an error the message shows and the
// ticket stays as it was; after a part of a split the rest stays on the ticket.
import { createMemo, createResource, createSignal, For, onCleanup, onMount, Show } from 'solid-js';
import { discountedLines, discountPercent } from '../../rules/discounts';
import { cashMethodId, defaultTemplateId } from '../../rules/payment';
import { partOf, type Split, sumOf, type TicketPart } from '../../rules/split';
import { roomTransferMethodId } from '../../rules/tender';
import { parseAmount } from '../../rules/ticket-lines';
import { approvalFor } from '../../state/approval-request';
import { cardTerminal, isCardMethod } from '../../state/card-payment';
import { catalogue } from '../../state/catalogue';
import type { SaleRecord } from '../../state/room-charges';
import { settings } from '../../state/settings';
import { ticketEqualSplit, ticketLines, ticketSaleId, ticketTotals } from '../../state/ticket';
import type { CardPaymentRecord } from '../../storage/records';
import { errorText } from '../../words/error-text';
import { formatCents, withoutGrouping } from '../../words/format';
import { t } from '../../words/i18n';
import { useSubmitter } from '../common/submit';
import { ChargeDone } from '../room-charge/ChargeDone';
import { CardPay } from './CardPay';
import { DiscountChoice, type DiscountKind, readDiscount } from './DiscountChoice';
import { completeSaleAction } from './data';
import { MethodChoice, type MethodPick } from './MethodChoice';
import { RoomStep } from './RoomStep';
import { SplitChoice } from './SplitChoice';
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
  // an equal split under way goes on with its next part (the last part is all that is left)
  const plan = ticketEqualSplit();
  const partsLeft = plan ? plan.parts - plan.paid : 0;
  const [split, setSplit] = createSignal<Split>(
    partsLeft >= 2 ? { mode: 'equal', parts: partsLeft } : { mode: 'whole' },
  );
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
  /** The ticket's lines, re-priced when a discount is taken off (sent to the PMS as their prices). */
  const lines = createMemo(() => {
    const taken = discount().discount;
    return taken && discount().cents > 0 ? discountedLines(ticketLines(), taken) : [...ticketLines()];
  });
  const part = createMemo((): TicketPart | undefined => {
    const chosen = partOf(lines(), split());
    if (chosen || discount().cents === 0) return chosen;
    return { lines: lines(), rest: [], totalCents: sumOf(lines()) };
  });
  const amount = () => part()?.totalCents ?? ticketTotals().grossCents;
  const isCash = () => pick() !== null && pick() === cashId();
  // Card through the terminal (issue 25), where one serves this tablet: CardPay replaces Complete.
  const [terminal] = createResource(cardTerminal);
  const byCard = () => {
    const method = options().payment_methods.find((m) => m.id === pick());
    return !!terminal() && !!method && isCardMethod(method.name);
  };
  /** A part that leaves a rest is a sale of its own: one id per part shown, kept while it is paid. */
  const partSaleId = createMemo(() => {
    part(); // a new part, a new sale
    return crypto.randomUUID();
  });
  const saleIdFor = () => ((part()?.rest.length ?? 0) > 0 ? partSaleId() : ticketSaleId());
  const tenderedShort = () => {
    if (!isCash() || !tendered().trim()) return false;
    const cents = parseAmount(withoutGrouping(tendered()));
    return cents === undefined || cents < amount();
  };
  const nothingPicked = () => part()?.lines.length === 0 || discount().error !== undefined;
  /** The sale's id and, for a discount above the outlet's limit, a manager's approval; null when refused. */
  const approve = async (): Promise<{ saleId?: string; approvals?: string[] } | null> => {
    setDiscountRefusal(undefined);
    const cents = discount().cents;
    if (cents === 0) return {};
    // The whole ticket (a discount re-prices it as a part with no rest) keeps its sale id: an open
    // price's or a line discount's approval names it. A part that leaves a rest is a sale of its own.
    const saleId = saleIdFor();
    const total = ticketTotals().grossCents;
    const percent = discountPercent(total, cents);
    const what = t('discount.what', {
      amount: formatCents(cents),
      percent: `${Math.round(percent * 100) / 100} %`,
      total: formatCents(total),
    });
    const token = await approvalFor(
      { action: 'discount', subject: saleId, amountCents: cents, percent },
      what,
    );
    if (token === null) setDiscountRefusal(t('discount.error.cancelled'));
    else if (token === undefined && percent >= 100)
      setDiscountRefusal(t('discount.error.full-needs-manager'));
    else return { saleId, ...(token ? { approvals: [token] } : {}) };
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
    const cents = discount().cents;
    const payment = {
      paymentMethodId: method,
      templateId: templateId() ?? 0,
      tenderedCents,
      part: part(),
      ...approved,
      ...(cents > 0 ? { discount: { beforeCents: ticketTotals().grossCents, cents } } : {}),
    };
    if (await submit(payment)) props.onDone();
  };
  const completeByCard = async (
    card: CardPaymentRecord,
    prepared: { saleId: string; approvals?: string[] },
  ) => {
    const cents = discount().cents;
    const method = pick();
    if (typeof method !== 'number') return;
    const payment = {
      paymentMethodId: method,
      templateId: templateId() ?? 0,
      part: part(),
      ...prepared,
      card,
    };
    if (cents > 0) Object.assign(payment, { discount: { beforeCents: ticketTotals().grossCents, cents } });
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
            <SplitChoice lines={ticketLines()} split={split()} onSplit={setSplit} />
            <Show when={part()}>
              {(current) => (
                <p class="split-summary" data-testid="split-summary">
                  {current().ofParts
                    ? t('split.partOf', {
                        number: (plan?.paid ?? 0) + 1,
                        count: (plan?.paid ?? 0) + (current().ofParts ?? 0),
                        amount: formatCents(current().totalCents),
                        rest: formatCents(sumOf(current().rest)),
                      })
                    : t('split.restOpen', {
                        amount: formatCents(current().totalCents),
                        rest: formatCents(sumOf(current().rest)),
                      })}
                </p>
              )}
            </Show>
            <Show when={!part() && plan}>
              {(under) => (
                <p class="split-summary" data-testid="split-summary">
                  {partsLeft === 1
                    ? t('split.lastPart', {
                        number: under().parts,
                        count: under().parts,
                        amount: formatCents(amount()),
                      })
                    : t('split.wholeRest', {
                        paid: under().paid,
                        count: under().parts,
                        amount: formatCents(amount()),
                      })}
                </p>
              )}
            </Show>
            <Show when={isCash()}>
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
                <TenderedField totalCents={amount()} text={tendered()} onText={setTendered} />
              </Show>
              <p class="form-error" role="alert">
                {submission.error ? errorText(submission.error) : ''}
              </p>
              <Show when={byCard()}>
                <CardPay
                  terminal={terminal()!}
                  amountCents={amount()}
                  prepare={approve}
                  saleIdFor={saleIdFor}
                  onApproved={completeByCard}
                  back={<BackButton onBack={props.onBack} />}
                />
              </Show>
              <Show when={!byCard()}>
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
