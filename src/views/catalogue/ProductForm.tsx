// Creating a product in the PMS (online only; offline it says so plainly). The new product shows
// in the grid at once and is cached for offline selling. The price follows the money rule (0.00 to
// 100,000.00, at most two decimals); a refusal says which limit it broke. Where the till has
// staff, a manager approves the product and its price (a waiter is asked for a manager's PIN);
// not approved, nothing is created and the form says so.
import { useAction } from '@solidjs/router';
import { createEffect, createSignal, on } from 'solid-js';
import { readAmount } from '../../rules/ticket-lines';
import { errorText } from '../../words/error-text';
import { formatCents } from '../../words/format';
import { t } from '../../words/i18n';
import { Dialog } from '../common/Dialog';
import { useFreshSubmission } from '../common/fresh-submission';
import { createProductAction } from './data';
import { ProductFields } from './ProductFields';

export function ProductForm(props: {
  open: boolean;
  onClose: () => void;
  onCreated: (text: string) => void;
}) {
  const create = useAction(createProductAction);
  const submission = useFreshSubmission(createProductAction, () => props.open);
  const [problem, setProblem] = createSignal('');
  createEffect(
    on(
      () => props.open,
      () => setProblem(''),
      { defer: true },
    ),
  );
  const submit = async (event: SubmitEvent) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const field = (name: string) => String(form.get(name) ?? '').trim();
    let price: number | undefined;
    let priceProblem = '';
    try {
      price = readAmount(field('price'));
    } catch (failure) {
      priceProblem = errorText(failure);
    }
    const group = Number(field('group'));
    const taxClass = Number(field('taxClass'));
    setProblem(priceProblem || (!(group && taxClass) ? t('productForm.missing') : ''));
    if (problem() || price === undefined) return;
    const name = field('name');
    try {
      const product = await create(
        {
          name,
          number: field('number'),
          ean: field('ean'),
          price,
          commodity_group_id: group,
          tax_class_id: taxClass,
          open_price: form.get('openPrice') === 'on',
        },
        t('lock.approval.catalogue_change.product', { name, amount: formatCents(price) }),
      );
      if (!product) setProblem(t('catalogue.notApproved'));
      else props.onCreated(t('productForm.created', { detail: product.name }));
    } catch {
      // shown from submission.error below
    }
  };
  return (
    <Dialog open={props.open} title={t('productForm.title')} onClose={props.onClose}>
      <form class="form-stack" onSubmit={submit}>
        <ProductFields />
        <p class="form-error" role="alert">
          {problem() || (submission.error ? errorText(submission.error) : '')}
        </p>
        <div class="form-actions">
          <button type="submit" class="primary" disabled={submission.pending}>
            {submission.pending ? t('productForm.saving') : t('productForm.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
