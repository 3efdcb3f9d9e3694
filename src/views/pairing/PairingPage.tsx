// The pairing screen, shown instead of the till while this tablet is not paired with the till
// server (or was unpaired by a manager), and at /pair. Owns what it says about the tablet's state
// (never paired; unpaired by a manager, its sales kept; or paired, at /pair) and its two parts: the form
// (PairForm) and the sales waiting on the tablet (UnsentSales).
import { useLocation, useSearchParams } from '@solidjs/router';
import { Suspense } from 'solid-js';
import { deviceState } from '../../features/device';
import { t } from '../../words/i18n';
import { PairForm } from './PairForm';
import { PAIR_PATH } from './path';
import { UnsentSales } from './UnsentSales';

export function PairingPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const revoked = () => deviceState().kind === 'revoked';
  const lead = () => {
    const state = deviceState();
    if (state.kind === 'revoked') return t('pairing.revokedLead');
    return state.kind === 'paired' ? t('pairing.pairedLead', { name: state.device.name }) : t('pairing.lead');
  };
  // Read once: the code in the address is submitted when the form first shows.
  const given = location.pathname === PAIR_PATH ? params.code : undefined;
  return (
    <section class="view desk-view pairing-view" data-device={deviceState().kind}>
      <div class="desk-panel pairing-panel">
        <h1>{revoked() ? t('pairing.revokedTitle') : t('pairing.title')}</h1>
        <p class="desk-notice" data-tone={revoked() ? 'warn' : undefined} data-testid="pairing-lead">
          {lead()}
        </p>
        <PairForm code={typeof given === 'string' ? given : undefined} />
      </div>
      <Suspense>
        <UnsentSales />
      </Suspense>
    </section>
  );
}
