// Picking products onto the ticket, for the register and the catalogue: the product panel, what to
// tell staff ("Added: Pils 0,3 l", or why not; shown by the view's toast), and the open-price
// dialog for items whose amount is typed in.
import { createSignal } from 'solid-js';
import { addProduct } from '../../features/ticket';
import type { Product } from '../../pms/wire';
import { t } from '../../words/i18n';
import { ProductPanel } from '../catalogue/ProductPanel';
import { errorWords } from '../common/error-words';
import { lazyDialog, OpenedOnce } from '../common/lazy-dialog';

/** Not part of the first screen: loaded after it (see lazy-dialog.tsx). */
const OpenPriceDialog = lazyDialog(['payment'], () =>
  import('./OpenPriceDialog').then((m) => m.OpenPriceDialog),
);

export function ProductPicker(props: { detailed?: boolean; onMessage: (text: string) => void }) {
  const [openPrice, setOpenPrice] = createSignal<Product>();
  const pick = (product: Product) => {
    if (product.open_price) {
      setOpenPrice(product);
      return;
    }
    try {
      addProduct(product);
      props.onMessage(t('products.added', { detail: product.name }));
    } catch (error) {
      void errorWords().then(({ errorText }) => props.onMessage(errorText(error)));
    }
  };
  return (
    <div class="product-picker">
      <ProductPanel
        detailed={props.detailed}
        onPick={pick}
        onNotFound={(code) => props.onMessage(t('products.notFound', { detail: code }))}
      />
      <OpenedOnce open={openPrice() !== undefined}>
        <OpenPriceDialog
          open={openPrice() !== undefined}
          product={openPrice()}
          onClose={() => setOpenPrice()}
        />
      </OpenedOnce>
    </div>
  );
}
