import { AuthTwoFactorSchema, TwoFactorEnableSchema } from '@arrendia/api-contract';
import { hashRecoveryCode, matchTotp, newRecoveryCodes, newTotpSecret, otpauthUrl, qrSvg, totpCode, totpStep } from './twoFactor';

/** RFC 6238 appendix B's SHA-1 key, "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP codes', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('match RFC 6238 at T=%i (the last six digits of its eight)', (seconds, code) => {
    expect(totpCode(RFC_SECRET, new Date(seconds * 1000))).toBe(code);
  });

  it('accept the code of the step before and after (a phone a little off), and no further', () => {
    const now = new Date(1_800_000_000_000);
    const at = (steps: number) => totpCode(RFC_SECRET, new Date(now.getTime() + steps * 30_000));
    const step = totpStep(now);
    expect(matchTotp(RFC_SECRET, at(0), null, now)).toBe(step);
    expect(matchTotp(RFC_SECRET, at(-1), null, now)).toBe(step - 1);
    expect(matchTotp(RFC_SECRET, at(1), null, now)).toBe(step + 1);
    expect(matchTotp(RFC_SECRET, at(-2), null, now)).toBeNull();
    expect(matchTotp(RFC_SECRET, at(2), null, now)).toBeNull();
  });

  it('refuse a code of a step at or before the last one accepted', () => {
    const now = new Date(1_800_000_000_000);
    const step = totpStep(now);
    const code = totpCode(RFC_SECRET, now);
    expect(matchTotp(RFC_SECRET, code, step, now)).toBeNull();
    expect(matchTotp(RFC_SECRET, code, step - 1, now)).toBe(step);
    expect(matchTotp(RFC_SECRET, totpCode(RFC_SECRET, new Date(now.getTime() - 30_000)), step - 1, now)).toBeNull();
  });

  it('come from new random secrets of 160 bits', () => {
    const a = newTotpSecret();
    expect(a).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(a);
  });

  it('travel in an otpauth address apps read, drawn as an SVG QR code', async () => {
    const url = otpauthUrl(RFC_SECRET, 'ana@prueba.es');
    expect(url).toBe('otpauth://totp/Arrendia:ana%40prueba.es?issuer=Arrendia&secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&algorithm=SHA1&digits=6&period=30');
    const svg = await qrSvg(url);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain('<path');
  });
});

describe('recovery codes', () => {
  it('are ten, distinct, xxxxx-xxxxx without look-alike characters, with their hashes', () => {
    const { codes, hashes } = newRecoveryCodes(7);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    expect(hashes).toEqual(codes.map((code) => hashRecoveryCode(7, code)));
  });

  it('hash the same however they are typed, and differently for each user', () => {
    expect(hashRecoveryCode(7, ' ABCDE fghjk ')).toBe(hashRecoveryCode(7, 'abcde-fghjk'));
    expect(hashRecoveryCode(7, 'abcde-fghjk')).not.toBe(hashRecoveryCode(7, 'abcde-fghjm'));
    expect(hashRecoveryCode(7, 'abcde-fghjk')).not.toBe(hashRecoveryCode(8, 'abcde-fghjk'));
  });
});

describe('the contract', () => {
  it('takes six digits or a recovery code at sign-in, spaces and case aside', () => {
    expect(AuthTwoFactorSchema.parse({ code: ' 123 456 ' }).code).toBe('123456');
    expect(AuthTwoFactorSchema.parse({ code: '123-456' }).code).toBe('123456');
    expect(AuthTwoFactorSchema.parse({ code: 'ABCDE-FGHJK' }).code).toBe('abcdefghjk');
    for (const code of ['12345', '1234567', 'abcd-efgh', '', 'x'.repeat(41)]) {
      expect(AuthTwoFactorSchema.safeParse({ code }).error?.issues[0]?.message).toBe('Introduce el código de 6 cifras de tu aplicación o un código de recuperación');
    }
  });

  it('takes only an app code to turn it on', () => {
    expect(TwoFactorEnableSchema.parse({ code: '123456', currentPassword: 'x' }).code).toBe('123456');
    expect(TwoFactorEnableSchema.safeParse({ code: 'abcde-fghjk', currentPassword: 'x' }).error?.issues[0]?.message).toBe('Introduce el código de 6 cifras de tu aplicación');
    expect(TwoFactorEnableSchema.safeParse({ code: '123456' }).error?.issues[0]?.message).toBe('Introduce tu contraseña actual');
  });
});
