// The RKSV byte-level core against the test vectors of the Austrian facts (section 1.12, computed
// from the BMF's test scenario 1), and the BMF's test scenario 1 run through the receipt builder:
// the DEP it makes passes the independent verifier (rksv-verifier.ts), which also catches tampering.
import { generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { advance, buildReceipt, type RegisterState } from '../../../src/server/fiscal/at/receipt-builder.ts';
import {
  aesKeyCheckValue,
  type BucketCents,
  chainValue,
  counterIv,
  encryptCounter,
  JWS_HEADER,
  jwsOf,
  jwsOfQr,
  qrOfJws,
  type ReceiptKind,
  rksvAmount,
  STORNO_MARK,
  signingInputOf,
  TRAINING_MARK,
  viennaTime,
} from '../../../src/server/fiscal/at/rksv-core.ts';
import { verifyDep } from './rksv-verifier.ts';

const KEY_B64 = 'WQRtiiya3hYh/Uz44Bv3x8ETl1nrH6nCdErn69g5/lU=';
const KEY = Buffer.from(KEY_B64, 'base64');
const KASSE = 'CASHBOX-DEMO-1';
const RECEIPT_1 = 'CASHBOX-DEMO-1-Receipt-ID-1';

describe('the test vectors of the facts (1.12)', () => {
  it('chains the Startbeleg to SHA-256 of the Kassen-ID', () => {
    expect(chainValue(KASSE)).toBe('cg8hNU5ihto=');
  });
  it('takes the IV from SHA-256 of Kassen-ID and Belegnummer', () => {
    expect(counterIv(KASSE, RECEIPT_1).toString('hex')).toBe('4229bc5028e623692c1e7ae498b47f3f');
  });
  it('encrypts the turnover counter with AES-256-CTR at 8 and 5 bytes', () => {
    expect(encryptCounter(KEY, KASSE, RECEIPT_1, 0n, 8)).toBe('4r1iIdZGeAQ=');
    expect(encryptCounter(KEY, KASSE, RECEIPT_1, 12345n, 8)).toBe('4r1iIdZGSD0=');
    expect(encryptCounter(KEY, KASSE, RECEIPT_1, 12345n, 5)).toBe('4r1iEe8=');
    expect(encryptCounter(KEY, KASSE, RECEIPT_1, -100n, 8)).toBe('HUKd3im5h5g=');
  });
  it('gives the AES key check value for FinanzOnline', () => {
    expect(aesKeyCheckValue(KEY_B64)).toBe('omRR');
  });
  it('has the markers and the header', () => {
    expect(STORNO_MARK).toBe('U1RP');
    expect(TRAINING_MARK).toBe('VFJB');
    expect(JWS_HEADER).toBe('eyJhbGciOiJFUzI1NiJ9');
    expect(jwsOf('_x', 'failed').split('.')[2]).toBe('U2ljaGVyaGVpdHNlaW5yaWNodHVuZyBhdXNnZWZhbGxlbg');
    expect(qrOfJws(jwsOf('_x', 'failed'))).toBe('_x_U2ljaGVyaGVpdHNlaW5yaWNodHVuZyBhdXNnZWZhbGxlbg==');
  });
  it('refuses a counter that does not fit its bytes', () => {
    expect(() => encryptCounter(KEY, KASSE, RECEIPT_1, 1n << 39n, 5)).toThrow(RangeError);
  });
});

describe('formats', () => {
  it('writes amounts with a decimal comma, two decimals, no grouping', () => {
    expect(rksvAmount(0)).toBe('0,00');
    expect(rksvAmount(12034)).toBe('120,34');
    expect(rksvAmount(-3711)).toBe('-37,11');
    expect(rksvAmount(-5)).toBe('-0,05');
    expect(rksvAmount(120034)).toBe('1200,34');
  });
  it("writes Vienna's local time without zone or milliseconds", () => {
    expect(viennaTime(new Date('2026-07-01T10:00:00.999Z'))).toBe('2026-07-01T12:00:00');
    expect(viennaTime(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01T00:30:00');
  });
  it('turns a JWS into the QR text and back', () => {
    const jws = jwsOf('_R1-AT0_K_1_2026-01-01T00:00:00', Buffer.alloc(64, 7));
    const qr = qrOfJws(jws);
    expect(qr.endsWith(`_${Buffer.alloc(64, 7).toString('base64')}`)).toBe(true);
    expect(jwsOfQr(qr)).toBe(jws);
  });
});

interface Instruction {
  signatureDeviceDamaged: boolean;
  receiptIdentifier: string;
  dateToUse: string;
  usedSignatureDevice: number;
  simplifiedReceipt: Record<
    'taxSetNormal' | 'taxSetErmaessigt1' | 'taxSetErmaessigt2' | 'taxSetNull' | 'taxSetBesonders',
    number
  >;
  typeOfReceipt: 'START_BELEG' | 'STANDARD_BELEG' | 'STORNO_BELEG' | 'TRAINING_BELEG' | 'NULL_BELEG';
}
const KINDS: Record<Instruction['typeOfReceipt'], ReceiptKind> = {
  START_BELEG: 'start',
  STANDARD_BELEG: 'standard',
  STORNO_BELEG: 'storno',
  TRAINING_BELEG: 'training',
  NULL_BELEG: 'zero',
};

/** Runs a BMF scenario through the builder; answers the DEP7 and the crypto material container. */
function runScenario(file: string, counterBytes: number) {
  const scenario = JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as {
    cashBoxId: string;
    base64AesKey: string;
    companyID: string;
    numberOfSignatureDevices: number;
    cashBoxInstructionList: Instruction[];
  };
  const units = Array.from({ length: scenario.numberOfSignatureDevices }, (_, i) => ({
    id: `${scenario.companyID}-K${i}`,
    ...generateKeyPairSync('ec', { namedCurve: 'P-256' }),
  }));
  let state: RegisterState = {
    kassenId: scenario.cashBoxId,
    aesKey: Buffer.from(scenario.base64AesKey, 'base64'),
    counterBytes,
    zda: 'AT0',
    counterCents: 0n,
    lastJws: null,
  };
  const jws: string[] = [];
  for (const step of scenario.cashBoxInstructionList) {
    const r = step.simplifiedReceipt;
    const c = (euros: number) => Math.round(euros * 100);
    const amounts: BucketCents = {
      normal: c(r.taxSetNormal),
      reduced1: c(r.taxSetErmaessigt1),
      reduced2: c(r.taxSetErmaessigt2),
      zero: c(r.taxSetNull),
      special: c(r.taxSetBesonders),
    };
    const unit = units[step.usedSignatureDevice]!;
    const built = buildReceipt(state, {
      kind: KINDS[step.typeOfReceipt],
      receiptNumber: step.receiptIdentifier,
      time: step.dateToUse,
      amounts,
      certificateSerial: unit.id,
    });
    const signature = step.signatureDeviceDamaged
      ? 'failed'
      : sign('sha256', Buffer.from(signingInputOf(built.payload)), {
          key: unit.privateKey,
          dsaEncoding: 'ieee-p1363',
        });
    const compact = jwsOf(built.payload, signature);
    jws.push(compact);
    state = advance(state, built, compact);
  }
  const dep = {
    'Belege-Gruppe': [{ Signaturzertifikat: '', Zertifizierungsstellen: [], 'Belege-kompakt': jws }],
  };
  const container = {
    base64AESKey: scenario.base64AesKey,
    certificateOrPublicKeyMap: Object.fromEntries(
      units.map((unit) => [
        unit.id,
        {
          id: unit.id,
          signatureDeviceType: 'PUBLIC_KEY' as const,
          signatureCertificateOrPublicKey: unit.publicKey
            .export({ type: 'spki', format: 'der' })
            .toString('base64'),
        },
      ]),
    ),
  };
  return { scenario, dep, container };
}

describe('BMF test scenario 1 through the receipt builder', () => {
  const fixture = '../../fixtures/fiscal-at/TESTSUITE_TEST_SZENARIO_1.json';

  it('makes the Startbeleg the facts show (1.3)', () => {
    const { dep } = runScenario(fixture, 8);
    const first = qrOfJws(dep['Belege-Gruppe'][0]!['Belege-kompakt'][0]!);
    expect(
      first.startsWith(
        '_R1-AT0_CASHBOX-DEMO-1_CASHBOX-DEMO-1-Receipt-ID-1_2016-03-11T03:57:08_0,00_0,00_0,00_0,00_0,00_4r1iIdZGeAQ=_U:ATU12345678-K1_cg8hNU5ihto=_',
      ),
    ).toBe(true);
  });

  for (const bytes of [8, 5]) {
    it(`passes the independent verifier: chain, counter (${bytes} bytes), signatures, outages`, () => {
      const { scenario, dep, container } = runScenario(fixture, bytes);
      const { problems, receipts, endsInOutage } = verifyDep(dep, container);
      expect(problems).toEqual([]);
      expect(endsInOutage).toBe(false);
      expect(receipts).toHaveLength(scenario.cashBoxInstructionList.length);
      const damaged = scenario.cashBoxInstructionList.filter((step) => step.signatureDeviceDamaged).length;
      expect(damaged).toBeGreaterThan(20);
      expect(receipts.filter((receipt) => !receipt.signed)).toHaveLength(damaged);
      // The counter the verifier decrypted at the end equals the scenario's own sum (not training).
      const expected = scenario.cashBoxInstructionList
        .filter((step) => step.typeOfReceipt !== 'TRAINING_BELEG')
        .reduce(
          (sum, step) =>
            sum + Object.values(step.simplifiedReceipt).reduce((a, e) => a + Math.round(e * 100), 0),
          0,
        );
      const lastShown = receipts.filter((receipt) => receipt.counterCents !== null).at(-1)!;
      const after = scenario.cashBoxInstructionList
        .slice(receipts.indexOf(lastShown) + 1)
        .filter((step) => step.typeOfReceipt !== 'TRAINING_BELEG')
        .reduce(
          (sum, step) =>
            sum + Object.values(step.simplifiedReceipt).reduce((a, e) => a + Math.round(e * 100), 0),
          0,
        );
      expect(lastShown.counterCents).toBe(BigInt(expected - after));
    });
  }

  it('the verifier finds a changed amount, a broken chain, a foreign signature and a missing zero receipt', () => {
    const { dep, container } = runScenario(fixture, 8);
    const receipts = dep['Belege-Gruppe'][0]!['Belege-kompakt'];
    const copy = (list: string[]) => ({
      'Belege-Gruppe': [{ ...dep['Belege-Gruppe'][0]!, 'Belege-kompakt': list }],
    });
    // A changed amount in a signed standard receipt: the signature and the counter fail.
    const at = receipts.findIndex((jws) => {
      const text = Buffer.from(jws.split('.')[1]!, 'base64url').toString();
      return (
        !jws.endsWith('bg') &&
        text.split('_')[5] !== '0,00' &&
        !text.includes('U1RP') &&
        !text.includes('VFJB')
      );
    });
    const [h, p, s] = receipts[at]!.split('.') as [string, string, string];
    const text = Buffer.from(p, 'base64url').toString().split('_');
    text[5] = '999,99';
    const tampered = [...receipts];
    tampered[at] = `${h}.${Buffer.from(text.join('_')).toString('base64url')}.${s}`;
    expect(verifyDep(copy(tampered), container).problems.join('\n')).toMatch(/signature does not verify/);
    expect(verifyDep(copy(tampered), container).problems.join('\n')).toMatch(/chain broken/);
    // A receipt left out breaks the chain.
    expect(verifyDep(copy(receipts.filter((_, i) => i !== 5)), container).problems.join('\n')).toMatch(
      /chain broken/,
    );
    // A wrong AES key: the counter does not add up.
    const wrongKey = { ...container, base64AESKey: Buffer.alloc(32, 1).toString('base64') };
    expect(verifyDep(dep, wrongKey).problems.join('\n')).toMatch(/counter/);
  });

  it('the verifier refuses two signed receipts with turnover after failed ones before a signed zero receipt, and an unsigned Startbeleg', () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const build = (steps: [ReceiptKind, number, boolean][]) => {
      let state: RegisterState = {
        kassenId: KASSE,
        aesKey: KEY,
        counterBytes: 8,
        zda: 'AT0',
        counterCents: 0n,
        lastJws: null,
      };
      const list: string[] = [];
      steps.forEach(([kind, cents, signed], i) => {
        const built = buildReceipt(state, {
          kind,
          receiptNumber: String(i + 1),
          time: `2026-01-01T00:00:0${i}`,
          amounts: { normal: cents, reduced1: 0, reduced2: 0, zero: 0, special: 0 },
          certificateSerial: 'U:ATU12345678-K1',
        });
        const signature = signed
          ? sign('sha256', Buffer.from(signingInputOf(built.payload)), {
              key: privateKey,
              dsaEncoding: 'ieee-p1363',
            })
          : 'failed';
        const jws = jwsOf(built.payload, signature);
        list.push(jws);
        state = advance(state, built, jws);
      });
      return {
        'Belege-Gruppe': [{ Signaturzertifikat: '', Zertifizierungsstellen: [], 'Belege-kompakt': list }],
      };
    };
    const container = {
      base64AESKey: KEY_B64,
      certificateOrPublicKeyMap: {
        'U:ATU12345678-K1': {
          id: 'U:ATU12345678-K1',
          signatureDeviceType: 'PUBLIC_KEY' as const,
          signatureCertificateOrPublicKey: publicKey
            .export({ type: 'spki', format: 'der' })
            .toString('base64'),
        },
      },
    };
    const ok = build([
      ['start', 0, true],
      ['standard', 100, false],
      ['standard', 100, true],
      ['zero', 0, true],
      ['standard', 5, true],
    ]);
    expect(verifyDep(ok, container).problems).toEqual([]);
    const bad = build([
      ['start', 0, true],
      ['standard', 100, false],
      ['standard', 100, true],
      ['standard', 100, true],
    ]);
    expect(verifyDep(bad, container).problems.join('\n')).toMatch(/second signed receipt after an outage/);
    const unsignedStart = build([
      ['start', 0, false],
      ['zero', 0, true],
    ]);
    expect(verifyDep(unsignedStart, container).problems.join('\n')).toMatch(/Startbeleg is not signed/);
  });
});
