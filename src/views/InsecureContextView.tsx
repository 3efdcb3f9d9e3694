// The whole page when the till was opened outside a secure context (plain http on the hotel LAN):
// why the till does not run there, its HTTPS address as one big link (as the server names it, else
// https://<this host>/), and that the hotel's certificate must be installed first (the setup page
// explains how). Owns nothing else: main.tsx shows this instead of starting the till, so nothing
// here touches IndexedDB, the service worker or crypto.randomUUID. Words: the browser's language.
import { createSignal } from 'solid-js';
import { render } from 'solid-js/web';
import { fetchHttpsAddress } from '../pms/device-calls';
import { pickLanguage } from '../words/i18n';
import { de, en } from '../words/insecure';
import './insecure/insecure.css';

/** Where the setup page is on the till server's plain http:// address (src/server/setup/). */
const SETUP_PATH = '/setup';

function InsecureContextPage() {
  const lang = pickLanguage([navigator.language, ...(navigator.languages ?? [])]);
  const words = lang === 'de' ? de : en;
  document.documentElement.lang = lang;
  const [https, setHttps] = createSignal(`https://${location.hostname}/`);
  void fetchHttpsAddress().then((address) => address && setHttps(address));
  return (
    <main class="insecure-context" data-testid="insecure-context">
      <h1>{words.title}</h1>
      <p>{words.why}</p>
      <p>{words.open}</p>
      <a class="insecure-link" href={https()} data-testid="https-address">
        {https()}
      </a>
      <p>{words.certificate}</p>
      <a class="insecure-setup" href={`http://${location.host}${SETUP_PATH}`}>
        {words.setup}
      </a>
    </main>
  );
}

/**
 * Shows the HTTPS notice in `root`, in place of the till.
 * @example if (!window.isSecureContext) showInsecureContext(root);
 */
export function showInsecureContext(root: HTMLElement): void {
  render(() => <InsecureContextPage />, root);
}
