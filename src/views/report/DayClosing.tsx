// The "Day closing" panel of the Report section, for managers: the X report's key figures (by
// payment method and VAT rate, each drawer's expected cash, sales not yet in the PMS or needing
// attention), counting a drawer by denomination with over/short, and closing the day (Z), whose
// number shows after; where the outlet has a receipt printer, the X (and the Z just closed) print
// there. Opening it takes a manager's `close_day` approval (features/report/day-closing.ts); a
// waiter gets nothing without a manager's PIN, and the server refuses them anyway.
import { createMemo, createSignal, createUniqueId, For, onCleanup, Show } from 'solid-js';
import {
  closedDay,
  closeTheDay,
  countDayDrawer,
  dayClosingAvailable,
  dayReport,
  dayReportPrintable,
  forgetDayClosing,
  openDayReport,
  printDayClosing,
} from '../../features/report';
import { type DayReport, DENOMINATIONS_CENTS, type DrawerCashUp } from '../../pms/closing-wire';
import { formatCents, formatDateTime } from '../../words/format';
import { t } from '../../words/i18n';
import { percentOfBp } from './day-closing-figures';

/** What to tell the manager when a call failed. */
function problem(error: unknown): string {
  const { code, status, message } = error as { code?: string; status?: number | null; message?: string };
  if (code === 'drawer_not_counted') return t('report.day.notCountedYet');
  if (code?.startsWith('approval')) return t('report.day.refused');
  if (code === 'day_already_closed' || code === 'seq_unknown') return t('report.day.changed');
  if (!status) return t('report.day.failed');
  return t('report.day.error', { message: message ?? String(code) });
}

const METHOD_WORDS = {
  cash: 'report.day.method.cash',
  card: 'report.day.method.card',
  room: 'report.day.method.room',
  invoice: 'report.day.method.invoice',
} as const;
const methodName = (method: string) =>
  method in METHOD_WORDS ? t(METHOD_WORDS[method as keyof typeof METHOD_WORDS]) : method;

function overShort(cents: number): string {
  if (cents > 0) return t('report.day.over', { amount: formatCents(cents) });
  if (cents < 0) return t('report.day.short', { amount: formatCents(-cents) });
  return t('report.day.even');
}

function DrawerCount(props: { drawer: DrawerCashUp; onDone: () => void; onProblem: (text: string) => void }) {
  const [pieces, setPieces] = createSignal<Record<string, number>>({});
  const [saving, setSaving] = createSignal(false);
  const counted = createMemo(() =>
    Object.entries(pieces()).reduce((sum, [cents, n]) => sum + Number(cents) * n, 0),
  );
  const save = async () => {
    setSaving(true);
    try {
      const denominations = Object.fromEntries(Object.entries(pieces()).filter(([, n]) => n > 0));
      if (Object.keys(denominations).length === 0) denominations['1'] = 0; // counted empty
      const answer = await countDayDrawer(t('lock.approval.close_day'), {
        outlet: props.drawer.outlet,
        drawer: props.drawer.drawer,
        denominations,
      });
      if (answer) props.onDone();
    } catch (error) {
      props.onProblem(problem(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      class="day-count"
      data-testid="drawer-count"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <div class="day-denominations">
        <For each={DENOMINATIONS_CENTS}>
          {(cents) => (
            <label>
              <span>{formatCents(cents)}</span>
              <input
                type="number"
                inputmode="numeric"
                min="0"
                step="1"
                aria-label={t('report.day.pieces', { amount: formatCents(cents) })}
                data-cents={cents}
                value={pieces()[cents] ?? ''}
                onInput={(event) => {
                  const n = Math.max(0, Math.floor(Number(event.currentTarget.value) || 0));
                  setPieces({ ...pieces(), [cents]: n });
                }}
              />
            </label>
          )}
        </For>
      </div>
      <p class="day-count-total" data-testid="count-preview">
        <strong>{t('report.day.countTotal', { amount: formatCents(counted()) })}</strong>{' '}
        <span>{overShort(counted() - props.drawer.expectedCents)}</span>
      </p>
      <div class="desk-actions">
        <button type="submit" class="primary" disabled={saving()}>
          {t('report.day.saveCount')}
        </button>
        <button type="button" onClick={props.onDone}>
          {t('report.day.cancel')}
        </button>
      </div>
    </form>
  );
}

/** "Print" for the X report now, or the Z `zId`, at the outlet's receipt printer (where it has one). */
function PrintDayReport(props: { zId?: number; label: string; onProblem: (text: string) => void }) {
  const [printing, setPrinting] = createSignal(false);
  const [printer, setPrinter] = createSignal<string | null>(null);
  const print = async () => {
    setPrinting(true);
    setPrinter(null);
    try {
      setPrinter(await printDayClosing(t('lock.approval.close_day'), props.zId));
    } catch (error) {
      props.onProblem(problem(error));
    } finally {
      setPrinting(false);
    }
  };
  return (
    <Show when={dayReportPrintable()}>
      <div class="desk-actions" data-testid={props.zId === undefined ? 'print-x' : 'print-z'}>
        <button type="button" disabled={printing()} onClick={() => void print()}>
          {props.label}
        </button>
        <Show when={printer()}>
          {(name) => (
            <span role="status" data-testid="day-printing">
              {t('report.day.printing', { printer: name() })}
            </span>
          )}
        </Show>
      </div>
    </Show>
  );
}

function DayFigures(props: { report: DayReport; onProblem: (text: string) => void }) {
  const [counting, setCounting] = createSignal<string | null>(null);
  const [asking, setAsking] = createSignal(false);
  const [closing, setClosing] = createSignal(false);
  const hotel = () => props.report.hotel;
  const key = (drawer: DrawerCashUp) => `${drawer.outlet}/${drawer.drawer}`;
  const pending = () => props.report.pendingByDevice.reduce((sum, device) => sum + device.pending, 0);
  const close = async () => {
    setClosing(true);
    try {
      await closeTheDay(t('lock.approval.close_day'));
    } catch (error) {
      props.onProblem(problem(error));
    } finally {
      setClosing(false);
      setAsking(false);
    }
  };
  return (
    <div class="day-figures">
      <p class="desk-muted">
        {t('report.day.asOf', { time: formatDateTime(Date.parse(props.report.generatedAt)) })}
      </p>
      <dl class="report-tiles day-tiles">
        <div>
          <dt>{t('report.day.gross')}</dt>
          <dd data-testid="day-gross">{formatCents(hotel().grossCents)}</dd>
        </div>
        <div>
          <dt>{t('report.day.records')}</dt>
          <dd>{hotel().records}</dd>
        </div>
        <div>
          <dt>{t('report.day.pending')}</dt>
          <dd data-testid="day-pending">{pending()}</dd>
        </div>
        <div>
          <dt>{t('report.day.attention')}</dt>
          <dd data-testid="day-attention">{props.report.attention.length}</dd>
        </div>
      </dl>
      <div class="report-grid">
        <table class="desk-table" data-testid="day-by-payment">
          <caption>{t('report.byPayment')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('report.col.what')}</th>
              <th scope="col" class="num">
                {t('report.col.count')}
              </th>
              <th scope="col" class="num">
                {t('report.col.amount')}
              </th>
              <th scope="col" class="num">
                {t('report.day.tips')}
              </th>
            </tr>
          </thead>
          <tbody>
            <For each={hotel().byPayment}>
              {(row) => (
                <tr data-method={row.method}>
                  <th scope="row">{methodName(row.method)}</th>
                  <td class="num">{row.records}</td>
                  <td class="num">{formatCents(row.amountCents)}</td>
                  <td class="num">{formatCents(row.tipCents)}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
        <table class="desk-table" data-testid="day-by-vat">
          <caption>{t('report.day.byVat')}</caption>
          <thead>
            <tr>
              <th scope="col">%</th>
              <th scope="col" class="num">
                {t('report.day.col.net')}
              </th>
              <th scope="col" class="num">
                {t('report.day.col.vat')}
              </th>
              <th scope="col" class="num">
                {t('report.day.col.gross')}
              </th>
            </tr>
          </thead>
          <tbody>
            <For each={hotel().byVat}>
              {(row) => (
                <tr>
                  <th scope="row">
                    {row.vatRateBp === null ? t('report.day.noRate') : percentOfBp(row.vatRateBp)}
                  </th>
                  <td class="num">{formatCents(row.netCents)}</td>
                  <td class="num">{formatCents(row.vatCents)}</td>
                  <td class="num">{formatCents(row.grossCents)}</td>
                </tr>
              )}
            </For>
          </tbody>
        </table>
      </div>
      <h3>{t('report.day.drawers')}</h3>
      <Show when={props.report.drawers.length > 0} fallback={<p>{t('report.day.noDrawers')}</p>}>
        <ul class="day-drawers">
          <For each={props.report.drawers}>
            {(drawer) => (
              <li data-testid="day-drawer" data-drawer={key(drawer)}>
                <div class="day-drawer-row">
                  <strong>{drawer.drawer}</strong>
                  <span>
                    {t('report.day.expected')}:{' '}
                    <span data-testid="drawer-expected">{formatCents(drawer.expectedCents)}</span>
                  </span>
                  <span data-testid="drawer-counted">
                    {drawer.count
                      ? `${t('report.day.counted', { amount: formatCents(drawer.count.countedCents) })} · ${overShort(drawer.count.differenceCents)}`
                      : t('report.day.notCounted')}
                  </span>
                  <Show when={counting() !== key(drawer)}>
                    <button type="button" onClick={() => setCounting(key(drawer))}>
                      {t('report.day.count', { drawer: drawer.drawer })}
                    </button>
                  </Show>
                </div>
                <Show when={counting() === key(drawer)}>
                  <DrawerCount drawer={drawer} onDone={() => setCounting(null)} onProblem={props.onProblem} />
                </Show>
              </li>
            )}
          </For>
        </ul>
      </Show>
      <PrintDayReport label={t('report.day.printX')} onProblem={props.onProblem} />
      <Show
        when={asking()}
        fallback={
          <button type="button" class="primary" onClick={() => setAsking(true)}>
            {t('report.day.close')}
          </button>
        }
      >
        <p>{t('report.day.closeQuestion')}</p>
        <div class="desk-actions">
          <button type="button" class="primary" disabled={closing()} onClick={() => void close()}>
            {t('report.day.closeYes')}
          </button>
          <button type="button" onClick={() => setAsking(false)}>
            {t('report.day.cancel')}
          </button>
        </div>
      </Show>
    </div>
  );
}

export function DayClosing() {
  const headingId = createUniqueId();
  const [failure, setFailure] = createSignal<string | null>(null);
  const [loading, setLoading] = createSignal(false);
  onCleanup(forgetDayClosing); // the figures and the approval stay only while the panel is shown
  const open = async () => {
    setFailure(null);
    setLoading(true);
    try {
      await openDayReport(t('lock.approval.close_day'));
    } catch (error) {
      setFailure(problem(error));
    } finally {
      setLoading(false);
    }
  };
  return (
    <Show when={dayClosingAvailable()}>
      <section class="desk-panel day-closing" aria-labelledby={headingId} data-testid="day-closing">
        <h2 id={headingId}>{t('report.day.title')}</h2>
        <Show when={closedDay()}>
          {(closed) => (
            <>
              <p class="desk-notice" data-tone="ok" role="status" data-testid="z-number">
                {t('report.day.closed', { number: closed().zNumber })}
              </p>
              <PrintDayReport
                zId={closed().zId}
                label={t('report.day.printZ', { number: closed().zNumber })}
                onProblem={setFailure}
              />
            </>
          )}
        </Show>
        <Show when={failure()}>
          {(text) => (
            <p class="desk-notice" data-tone="error" role="alert">
              {text()}
            </p>
          )}
        </Show>
        <Show
          when={dayReport()}
          fallback={
            <>
              <p class="desk-muted">{t('report.day.lead')}</p>
              <button type="button" class="primary" disabled={loading()} onClick={() => void open()}>
                {t('report.day.open')}
              </button>
            </>
          }
        >
          {(report) => (
            <>
              <button type="button" disabled={loading()} onClick={() => void open()}>
                {t('report.day.reload')}
              </button>
              <DayFigures report={report()} onProblem={setFailure} />
            </>
          )}
        </Show>
      </section>
    </Show>
  );
}
