// Formatting of the day closing's figures that the report's own words lack: VAT rates in basis points.
import { language } from '../../words/i18n';

/** A VAT rate of `bp` basis points as a percentage in the till's language, e.g. 1900 → "19 %". */
export function percentOfBp(bp: number): string {
  return `${new Intl.NumberFormat(language() === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 2 }).format(bp / 100)} %`;
}
