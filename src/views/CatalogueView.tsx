// The catalogue, a manager's section: browse and search every product (tapping one puts it on the
// ticket; anyone may), see when the catalogue was last refreshed from the PMS, and create products
// and commodity groups (online; the forms' code loads when first opened). Where the till has staff,
// creating is a manager's: a waiter is told so, and each change asks for a manager's PIN.
import { createSignal, onMount, Show } from 'solid-js';
import { loadSalesCounts, startCatalogue } from '../features/catalogue';
import { asksManager } from '../features/staff';
import { t } from '../words/i18n';
import { RefreshStatus } from './catalogue/RefreshStatus';
import { TicketSummary } from './catalogue/TicketSummary';
import { lazyDialog, OpenedOnce } from './common/lazy-dialog';
import { createToast, Toast } from './common/Toast';
import { ProductPicker } from './register/ProductPicker';
import './catalogue/catalogue.css';

const ProductForm = lazyDialog(['catalogue', 'payment'], () =>
  import('./catalogue/ProductForm').then((m) => m.ProductForm),
);
const GroupForm = lazyDialog(['catalogue', 'payment'], () =>
  import('./catalogue/GroupForm').then((m) => m.GroupForm),
);

export default function CatalogueView() {
  const [dialog, setDialog] = createSignal<'none' | 'product' | 'group'>('none');
  const [message, setMessage] = createToast();
  const close = () => setDialog('none');
  const created = (text: string) => {
    close();
    setMessage(text);
  };
  onMount(() => {
    startCatalogue();
    void loadSalesCounts();
  });
  return (
    <section class="view catalogue-view">
      <div class="catalogue-head">
        <h1>{t('catalogue.title')}</h1>
        <button type="button" onClick={() => setDialog('product')}>
          + {t('catalogue.newProduct')}
        </button>
        <button type="button" onClick={() => setDialog('group')}>
          + {t('catalogue.newGroup')}
        </button>
      </div>
      <Show when={asksManager('catalogue_change')}>
        <p class="catalogue-note">{t('catalogue.managersOnly')}</p>
      </Show>
      <RefreshStatus />
      <Toast message={message()} />
      <ProductPicker detailed onMessage={setMessage} />
      <TicketSummary />
      <OpenedOnce open={dialog() === 'product'}>
        <ProductForm open={dialog() === 'product'} onClose={close} onCreated={created} />
      </OpenedOnce>
      <OpenedOnce open={dialog() === 'group'}>
        <GroupForm open={dialog() === 'group'} onClose={close} onCreated={created} />
      </OpenedOnce>
    </section>
  );
}
