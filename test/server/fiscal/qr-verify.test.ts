// The QR verifier: accepts the two real TSE QR codes from the shared facts (P-256/SHA-256 and
// brainpoolP384r1/SHA-384) from their fields alone, and rejects each with any one character changed,
// except in the start time, which the finish signature does not cover: there it rejects every
// change that makes no time, or a time after the log time (docs/fiscal.md).
import { describe, expect, it } from 'vitest';
import { parseQrCode, verifyQrCode } from '../../../src/server/fiscal/de/qr-code.ts';

const REAL_QR_CODES = [
  'V0;ERS 8cb8e2de-4052-481b-945b-118022951944;Kassenbeleg-V1;Beleg^21.42_0.00_0.00_0.00_0.00^21.42:Unbar;1;31;2021-08-23T14:36:27.000Z;2021-08-23T14:36:33.000Z;ecdsa-plain-SHA256;unixTime;TGnWiq3ZW7gi4Vs+DxLGsJZj9v271dHmhQAcb057F3oWkdKJ61UW2LLVTZQhW673yLa53Mm6oPeMU1Ns3ZOH7w==;BGFKQP7EENf3s5hTDXvlh+xyJ1Q9BNIa9LyYbYK+pTAKAGQ2fmI40p5QOrpHpvb+UuOrNQJdhzggHNfyyyDyf/g=',
  'V0;AMA-6200;KassenBeleg-V1;Beleg^2.90_0.00_0.00_0.00_2.10^5.00:Unbar;160504;344413;2021-07-23T10:12:54.000Z;2021-07-23T10:12:55.000Z;ecdsa-plain-SHA384;unixTime;NgqBkWMvhLmCKa9cJJ8JodfAdlkfcFFyW0J7Ks9lTz9I4QFKhLzyGF/02kWsCRg0LoiJtkq+0Ak9GovodNFLOBG00ewEj40/GbI9zLtNt9j90w4Sz3GcxTSrr3rqhIhN;BCd1vZvSJsJwBTqshgDVsrG4Gg+oN3jeeFEgjGiKs9ELd170vy/jO3iMMF6tAVUfjyYn9jRXng8Z4qWXaqoJ53+y+OFeSY/lQsdZWCODkzhlhkJxJw2k9Z1A4gFX6Riotw==',
];

/** A different character for position i: a digit for a digit, a letter for a letter, else 'X'. */
function changedAt(text: string, i: number): string {
  const old = text[i]!;
  const next = /\d/.test(old) ? String((Number(old) + 1) % 10) : old === 'A' ? 'B' : old === ';' ? ',' : 'A';
  return text.slice(0, i) + next + text.slice(i + 1);
}

describe('the QR verifier', () => {
  it.each(REAL_QR_CODES.map((code, i) => [i, code]))('accepts real QR code %i', (_i, code) => {
    expect(parseQrCode(code)).not.toBeNull();
    expect(verifyQrCode(code)).toBe(true);
  });

  it.each(REAL_QR_CODES.map((code, i) => [i, code]))(
    'rejects real QR code %i with any single character changed',
    (_i, code) => {
      const fields = code.split(';');
      const startAt = fields.slice(0, 6).join(';').length + 1;
      const startEnd = startAt + fields[6]!.length;
      const outsideStart: string[] = [];
      const insideStart: string[] = [];
      for (let i = 0; i < code.length; i++) {
        const changed = changedAt(code, i);
        if (!verifyQrCode(changed)) continue;
        const list = i >= startAt && i < startEnd ? insideStart : outsideStart;
        list.push(changed.split(';')[6]!);
      }
      expect(outsideStart).toEqual([]);
      // Only the last digit of the seconds can move without passing the log time.
      for (const start of insideStart) expect(Date.parse(start)).toBeLessThanOrEqual(Date.parse(fields[7]!));
      expect(insideStart.length).toBeLessThanOrEqual(1);
    },
    // some 400 ECDSA verifications: 2-3 s on an idle machine, past vitest's 5 s on a loaded one
    30_000,
  );
});
