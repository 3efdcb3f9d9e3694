// Under the gateway address: whether a Hotel Till gateway answers there and which PMS it forwards to,
// or, in plain words, why not. Checked when the view opens, after every change of the address, and
// on "Check again". Informs only: the address is kept either way (features/pairing/gateway-check.ts).
import { createResource, Match, Switch } from 'solid-js';
import { settings } from '../../features/device';
import { checkGateway } from '../../features/pairing';
import { t } from '../../words/i18n';

export function GatewayStatus() {
  const [check, { refetch }] = createResource(
    () => settings().gatewayUrl,
    (address) => checkGateway(address),
  );
  const foundUpstream = () => {
    const result = check();
    return result?.kind === 'found' ? result.upstream : undefined;
  };
  const address = () => settings().gatewayUrl || location.origin;
  return (
    <div class="settings-gateway" data-testid="gateway-check">
      <p role="status" aria-live="polite">
        <Switch fallback={t('settings.gatewayChecking')}>
          <Match when={check.loading}>{t('settings.gatewayChecking')}</Match>
          <Match when={foundUpstream()}>
            {(upstream) => (
              <span class="settings-ok">{t('settings.gatewayFound', { upstream: upstream() })}</span>
            )}
          </Match>
          <Match when={check()?.kind === 'offline'}>{t('settings.gatewayOffline')}</Match>
          <Match when={check()?.kind === 'not-paired'}>
            <span class="settings-error">{t('settings.gatewayNotPaired', { address: address() })}</span>
          </Match>
          <Match when={check()?.kind === 'not-a-gateway'}>
            <span class="settings-error">{t('settings.gatewayNotGateway', { address: address() })}</span>
          </Match>
          <Match when={check()?.kind === 'unreachable'}>
            <span class="settings-error">
              {t('settings.gatewayUnreachable', { address: address(), origin: location.origin })}
            </span>
          </Match>
        </Switch>
      </p>
      <button type="button" class="button" disabled={check.loading} onClick={() => void refetch()}>
        {t('settings.gatewayCheckAgain')}
      </button>
    </div>
  );
}
