// Typing a line's quantity on the number pad: 30 beers are one entry, not 30 taps. Up to 999 (the
// PMS's most per line); a key that would pass it is refused by the pad in words. OK with nothing
// typed keeps the quantity; 0 takes the line off the ticket.
import { createSignal } from 'solid-js';
import type { TicketLine } from '../../features/ticket';
import { MAX_QUANTITY } from '../../rules/ticket-lines';
import { t } from '../../words/i18n';
import { Dialog } from '../common/Dialog';
import { NumberPad, padNumber } from '../common/NumberPad';
import { changeLineQuantity } from './quantity-change';

export function QuantityDialog(props: {
  line: TicketLine | undefined;
  onClose: () => void;
  onMessage: (text: string) => void;
}) {
  const [typed, setTyped] = createSignal('');
  const close = () => {
    setTyped('');
    props.onClose();
  };
  const apply = async () => {
    const line = props.line;
    const quantity = padNumber(typed());
    if (
      line &&
      Number.isInteger(quantity) &&
      !(await changeLineQuantity(line.key, quantity, props.onMessage))
    )
      return;
    close();
  };
  return (
    <Dialog
      open={props.line !== undefined}
      title={t('ticket.quantityPad', { detail: props.line?.name ?? '' })}
      onClose={close}
    >
      <output class="quantity-typed">{typed() || props.line?.quantity}</output>
      <NumberPad
        keyboard
        value={typed()}
        onValue={setTyped}
        label={t('ticket.quantityPad', { detail: props.line?.name ?? '' })}
        max={MAX_QUANTITY}
        maxText={t('ticket.quantityMax', { max: MAX_QUANTITY })}
        onOk={apply}
      />
    </Dialog>
  );
}
