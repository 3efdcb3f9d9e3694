// The online search by reservation number with the guest's first and last name (PMS
// searchpattern). A stay found this way has its surname confirmed already: the PMS matched it to
// what staff typed. Offline the form explains that it needs the network.
import { createSignal, createUniqueId, Show } from 'solid-js';
import { createOnlineStatus } from '../../features/device';
import type { RoomReservation } from '../../pms/wire';
import { t } from '../../words/i18n';
import { useSubmitter } from '../common/submit';
import { searchReservationAction } from './data';
import { StayButtons } from './StayButtons';

type Outcome =
  | { kind: 'found'; stays: RoomReservation[]; lastname: string }
  | { kind: 'none' | 'failed' | 'missing' };

export function ReservationSearchForm(props: {
  onFound: (stay: RoomReservation, confirmedSurname: string) => void;
}) {
  const online = createOnlineStatus();
  const headingId = createUniqueId();
  const [missing, setMissing] = createSignal(false);
  const [lastname, setLastname] = createSignal('');
  const { submission, submit } = useSubmitter(searchReservationAction);
  const busy = () => submission.pending === true;
  const outcome = (): Outcome | undefined => {
    if (missing()) return { kind: 'missing' };
    if (submission.error) return { kind: 'failed' };
    const stays = submission.result;
    if (!stays) return undefined;
    return stays.length ? { kind: 'found', stays, lastname: lastname() } : { kind: 'none' };
  };
  const search = async (event: SubmitEvent) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const field = (name: string) => String(data.get(name) ?? '').trim();
    const wanted = {
      reservationNumber: field('number'),
      firstname: field('firstname'),
      lastname: field('lastname'),
    };
    setMissing(!wanted.reservationNumber || !wanted.firstname || !wanted.lastname);
    if (missing()) return;
    setLastname(wanted.lastname);
    await submit(wanted);
  };
  const found = () => {
    const current = outcome();
    return current?.kind === 'found' ? current : undefined;
  };
  return (
    <section class="desk-panel rc-search" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('roomCharge.search.title')}</h2>
      <Show when={online()} fallback={<p class="desk-muted">{t('roomCharge.search.offline')}</p>}>
        <form class="rc-search-form" onSubmit={(event) => void search(event)}>
          <label class="desk-field">
            <span>{t('roomCharge.search.number')}</span>
            <input name="number" autocomplete="off" />
          </label>
          <label class="desk-field">
            <span>{t('roomCharge.search.firstname')}</span>
            <input name="firstname" autocomplete="off" />
          </label>
          <label class="desk-field">
            <span>{t('roomCharge.search.lastname')}</span>
            <input name="lastname" autocomplete="off" />
          </label>
          <button type="submit" class="primary" disabled={busy()}>
            {busy() ? t('roomCharge.search.searching') : t('roomCharge.search.submit')}
          </button>
        </form>
        <Show when={outcome() && outcome()?.kind !== 'found'}>
          <p class="desk-notice" data-tone="error" role="alert">
            {t(`roomCharge.search.${outcome()?.kind as 'none' | 'failed' | 'missing'}`)}
          </p>
        </Show>
        <Show when={found()}>
          {(result) => (
            <StayButtons stays={result().stays} onChoose={(stay) => props.onFound(stay, result().lastname)} />
          )}
        </Show>
      </Show>
    </section>
  );
}
