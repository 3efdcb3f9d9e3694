// The setup page's HTML: one self-contained document (no script, one inline style block whose
// hash the Content-Security-Policy names, the QR code as inline SVG). Owns: the page's layout and
// its CSP. Every text and value is escaped here.
import { createHash } from 'node:crypto';
import { renderSVG } from 'uqr';
import { CA_DOWNLOAD_FILENAMES, escapeXml as escapeHtml } from '../tls/ca-formats.ts';
import type { CaCertificate } from '../tls/certificate-authority.ts';
import { SETUP_LANGUAGES, SETUP_TEXTS, type SetupLanguage } from './setup-texts.ts';

const STYLE = `
html { font: 1.375rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1d2528; background: #f5f3ef; }
body { margin: 0; }
main { max-width: 42rem; margin: 0 auto; padding: 1.25rem; }
h1 { font-size: 1.9rem; line-height: 1.2; color: #0f5f66; }
h2 { font-size: 1.5rem; margin-top: 2.25rem; border-top: 2px solid #d8d3c8; padding-top: 1.25rem; }
h3 { font-size: 1.2rem; margin-bottom: 0.25rem; }
li { margin: 0.4rem 0; }
a { color: #0f5f66; }
.lang { text-align: right; font-size: 1.1rem; }
.lang a { margin-left: 1rem; }
.buttons { display: flex; flex-wrap: wrap; gap: 1rem; }
.button { display: inline-block; padding: 0.8rem 1.4rem; border-radius: 0.6rem; background: #0f5f66; color: #fff; text-decoration: none; font-weight: 600; }
.fingerprint { font: 1.05rem/1.6 ui-monospace, Menlo, Consolas, monospace; overflow-wrap: anywhere; background: #fff; padding: 0.75rem; border-radius: 0.4rem; }
.address { font-size: 1.6rem; font-weight: 600; overflow-wrap: anywhere; }
.qr svg { width: 16rem; max-width: 100%; height: auto; }
.small { font-size: 1.05rem; }
`;

/** The page's Content-Security-Policy: nothing but its own style block (and data: images). */
export const SETUP_PAGE_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface SetupPageOptions {
  language: SetupLanguage;
  /** `https://<host>[:port]/` */
  httpsUrl: string;
  ca: CaCertificate | null;
  hotelName?: string;
}

export function renderSetupPage({ language, httpsUrl, ca, hotelName }: SetupPageOptions): string {
  const t = SETUP_TEXTS[language];
  const title = t.title(hotelName);
  const languageLinks = SETUP_LANGUAGES.map(
    (code) =>
      `<a href="?lang=${code}" hreflang="${code}" lang="${code}"${code === language ? ' aria-current="true"' : ''}>${escapeHtml(SETUP_TEXTS[code].languageName)}</a>`,
  ).join('');
  const qr = renderSVG(httpsUrl, { ecc: 'M', border: 4, pixelSize: 8 });
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<nav class="lang">${languageLinks}</nav>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(t.intro)}</p>
<p>${escapeHtml(t.whyHttps)}</p>
${ca ? installSection(language, ca) : `<h2>${escapeHtml(t.ownCertificate)}</h2>`}
<h2>${escapeHtml(t.openHeading)}</h2>
<p>${escapeHtml(t.openHint)}</p>
<p><a class="address" href="${escapeHtml(httpsUrl)}">${escapeHtml(httpsUrl)}</a></p>
<div class="qr">${qr}</div>
<h2>${escapeHtml(t.pairHeading)}</h2>
<p>${escapeHtml(t.pairText)}</p>
</main>
</body>
</html>
`;
}

function installSection(language: SetupLanguage, ca: CaCertificate): string {
  const t = SETUP_TEXTS[language];
  const list = (steps: string[]) =>
    `<ol>${steps.map((step) => `<li>${escapeHtml(step)}</li>`).join('')}</ol>`;
  return `<h2>${escapeHtml(t.installHeading)}</h2>
<p class="buttons"><a class="button" href="/${CA_DOWNLOAD_FILENAMES.der}">Android</a><a class="button" href="/${CA_DOWNLOAD_FILENAMES.mobileconfig}">iPad / iPhone</a></p>
<h3>Android</h3>
${list(t.androidSteps)}
<h3>iPad / iPhone</h3>
${list(t.appleSteps(ca.name))}
<p>${escapeHtml(t.fingerprint)}</p>
<p class="fingerprint">${escapeHtml(ca.fingerprintSha256)}</p>
<p class="small"><a href="/${CA_DOWNLOAD_FILENAMES.pem}">${escapeHtml(t.otherDevices)}</a></p>`;
}
