// The register: products on the left, the ticket on the right (a bottom sheet on a phone), and in
// the ticket's place the payment and then the receipt. Owns which of the three the panel shows.
import { createSignal, Match, onMount, Switch } from 'solid-js';
import { startCatalogue } from '../state/catalogue';
import { loadSalesCounts } from '../state/quick-keys';
import { lastReceipt } from '../state/receipt';
import { t } from '../words/i18n';
import { createToast, Toast } from './common/Toast';
import { PayPanel } from './register/PayPanel';
import { ProductPicker } from './register/ProductPicker';
import { ReceiptPanel } from './register/ReceiptPanel';
import { SheetToggle } from './register/SheetToggle';
import { TicketPanel } from './register/TicketPanel';
import './register/register.css';

type Mode = 'ticket' | 'pay' | 'receipt';

export default function RegisterView() {
  const [mode, setMode] = createSignal<Mode>('ticket');
  const [sheetOpen, setSheetOpen] = createSignal(false);
  const [message, setMessage] = createToast();
  onMount(() => {
    startCatalogue();
    void loadSalesCounts();
  });
  return (
    <section class="view register-view">
      <h1 class="visually-hidden">{t('register.title')}</h1>
      <div class="register-layout">
        <ProductPicker onMessage={setMessage} />
        <aside class="ticket-panel" classList={{ open: sheetOpen() }} aria-label={t('ticket.title')}>
          <Switch>
            <Match when={mode() === 'pay'}>
              <PayPanel onBack={() => setMode('ticket')} onDone={() => setMode('receipt')} />
            </Match>
            <Match when={mode() === 'receipt' && lastReceipt()}>
              {(receipt) => <ReceiptPanel receipt={receipt()} onNewSale={() => setMode('ticket')} />}
            </Match>
            <Match when={mode() === 'ticket'}>
              <TicketPanel
                onPay={() => setMode('pay')}
                onMessage={setMessage}
                onReceipt={() => setMode('receipt')}
              />
            </Match>
          </Switch>
        </aside>
        <SheetToggle open={sheetOpen()} onToggle={() => setSheetOpen((open) => !open)} />
      </div>
      <Toast message={message()} />
    </section>
  );
}
