// The register, the till's start screen: products on the left, the ticket on the right (a bottom
// sheet on a phone), and in the ticket's place the payment and then the receipt. Owns which of the
// three the panel shows. The first screen is the product grid alone: the ticket side (and the code
// that records a sale) loads once the grid is up (first-screen.ts), so the start screen stays small.
import { useLocation } from '@solidjs/router';
import { createEffect, createSignal, lazy, Match, on, onMount, Show, Suspense, Switch } from 'solid-js';
import { afterFirstScreen, loadSalesCounts, startCatalogue } from '../features/catalogue';
import { t, withTexts } from '../words/i18n';
import { keepFirstScreenPrices } from '../words/kept-prices';
import { RefreshStatus } from './catalogue/RefreshStatus';
import { createToast, Toast } from './common/Toast';
import { ProductPicker } from './register/ProductPicker';
import { SheetToggle } from './register/SheetToggle';
import './register/register.css';

type Mode = 'ticket' | 'pay' | 'receipt';

// The ticket side, payment and receipt come with their features' texts.
const TicketPanel = lazy(() =>
  withTexts(['payment'], () => import('./register/TicketPanel')).then((m) => ({ default: m.TicketPanel })),
);
const PayPanel = lazy(() =>
  withTexts(['payment', 'room-charge'], () => import('./register/PayPanel')).then((m) => ({
    default: m.PayPanel,
  })),
);
/** The last sale's receipt (its state module comes with it: it reads the journal). */
const ReceiptPanel = lazy(() =>
  withTexts(['payment', 'device'], () =>
    Promise.all([import('./register/ReceiptPanel'), import('../features/payment')]),
  ).then(([panel, state]) => ({
    default: (props: { onNewSale: () => void }) => (
      <Show when={state.lastReceipt()}>
        {(receipt) => <panel.ReceiptPanel receipt={receipt()} onNewSale={props.onNewSale} />}
      </Show>
    ),
  })),
);

export default function RegisterView() {
  const [mode, setMode] = createSignal<Mode>('ticket');
  // A table's bill (views/TablesView.tsx) opens on the pay screen: /?pay
  const location = useLocation();
  createEffect(() => {
    if (new URLSearchParams(location.search).has('pay')) setMode('pay');
  });
  const [sheetOpen, setSheetOpen] = createSignal(false);
  /** The first screen is up: the ticket side, and what is not the product grid, mount now. */
  const [firstScreenUp, setFirstScreenUp] = createSignal(false);
  const [message, setMessage] = createToast();
  /**
   * The focus follows the view: after Pay, Back to ticket, Complete sale and New sale it goes to the
   * start of the panel that now shows (a keyboard goes on from there), never to the page's body.
   * The panel takes it without a ring; nothing opens an on-screen keyboard.
   */
  const focusPanel = () =>
    queueMicrotask(() =>
      document.querySelector<HTMLElement>('.ticket-panel')?.focus({ preventScroll: true }),
    );
  createEffect(on(mode, focusPanel, { defer: true }));
  onMount(() => {
    startCatalogue();
    void afterFirstScreen().then(() => {
      // the quick keys' counts: a read of the journal, after the first frame like the ticket side
      void loadSalesCounts();
      // just signed in (or opened): the focus starts in the ticket, not on the page's body. Not
      // before the first frame: focus() lays the page out at once (docs/ui-speed.md).
      if (document.activeElement === document.body || document.activeElement === null) focusPanel();
      setFirstScreenUp(true);
      keepFirstScreenPrices();
      void PayPanel.preload();
      void ReceiptPanel.preload();
    });
  });
  return (
    <section class="view register-view" classList={{ paying: mode() === 'pay' }}>
      <h1 class="visually-hidden">{t('register.title')}</h1>
      {/* Keyboard users reach the ticket without tabbing through every product */}
      <button
        type="button"
        class="skip-link"
        onClick={() => document.querySelector<HTMLElement>('.ticket-panel')?.focus()}
      >
        {t('register.skipToTicket')}
      </button>
      <div class="register-layout" classList={{ paying: mode() === 'pay' }}>
        <ProductPicker
          onMessage={(text) => {
            // a product tapped while the receipt shows starts the next sale in view, not behind it
            if (mode() === 'receipt') setMode('ticket');
            setMessage(text);
          }}
        />
        <aside
          class="ticket-panel"
          classList={{ open: sheetOpen() }}
          aria-label={t('ticket.title')}
          tabIndex={-1}
        >
          <Show when={firstScreenUp()} fallback={<TicketHeading />}>
            <Suspense fallback={<TicketHeading />}>
              <Switch>
                <Match when={mode() === 'pay'}>
                  <PayPanel onBack={() => setMode('ticket')} onDone={() => setMode('receipt')} />
                </Match>
                <Match when={mode() === 'receipt'}>
                  <ReceiptPanel onNewSale={() => setMode('ticket')} />
                </Match>
                <Match when={mode() === 'ticket'}>
                  <TicketPanel
                    onPay={() => setMode('pay')}
                    onMessage={setMessage}
                    onReceipt={() => setMode('receipt')}
                  />
                </Match>
              </Switch>
            </Suspense>
          </Show>
        </aside>
        {/* The phone's ticket bar and the refresh status: their Intl formatters and plural rules
            (tens of ms at 4x) wait for the grid's first frame (docs/ui-speed.md). */}
        <Show when={firstScreenUp()}>
          <SheetToggle open={sheetOpen()} onToggle={() => setSheetOpen((open) => !open)} />
        </Show>
      </div>
      <Show when={firstScreenUp()}>
        <RefreshStatus />
      </Show>
      {/* The ticket's confirmations ('Added: …') never lie over the pay screen's keys or the receipt. */}
      <Toast message={mode() === 'ticket' ? message() : ''} />
    </section>
  );
}

/** The ticket side's heading while its code loads after the first screen: not an empty box. */
function TicketHeading() {
  return (
    <div class="panel-header">
      <h2>{t('ticket.title')}</h2>
    </div>
  );
}
