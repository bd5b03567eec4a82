import { RECOVERY_CODE_COUNT, TWO_FACTOR_CODE_DIGITS } from '@arrendia/api-contract';
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * Two-factor authentication with an authenticator app: TOTP as RFC 6238 and every common app use it
 * (HMAC-SHA1, 6 digits, 30-second steps). A code of the step before or after the server's clock is
 * accepted too (phones drift), and never a step at or before the last one accepted: a code seen by
 * someone over the user's shoulder is worth nothing once used.
 */
const ISSUER = 'Arrendia';
const PERIOD_SECONDS = 30;
const DRIFT_STEPS = 1;

function totpOf(secret: string, label = '') {
  return new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: TWO_FACTOR_CODE_DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new random secret of 160 bits (RFC 4226's recommended length), in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an app reads from the QR code: issuer Arrendia, the account's email. */
export function otpauthUrl(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/** The QR code of `text` as a standalone SVG document. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
}

/** The time step of `now`. */
export const totpStep = (now: Date = new Date()) => Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);

/** The app's code at `now` (what the user's phone shows); for tests and the demo. */
export function totpCode(secret: string, now: Date = new Date()): string {
  return totpOf(secret).generate({ timestamp: now.getTime() });
}

/**
 * The time step `code` belongs to, if it is the secret's code within one step of `now` and later
 * than `lastStep`; otherwise null.
 */
export function matchTotp(secret: string, code: string, lastStep: number | null, now: Date = new Date()): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: DRIFT_STEPS });
  if (delta === null) return null;
  const step = totpStep(now) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Letters and digits that cannot be mistaken for each other when read off paper (no 0/o, 1/l/i). */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A code as typed, reduced to what counts: no spaces or hyphens, lower case. */
export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]+/g, '').toLowerCase();

/** What is kept of a user's recovery code: salted with the user's id, so one dump cannot be searched for every user's codes at once. */
export const hashRecoveryCode = (userId: number, code: string) => createHash('sha256').update(`${userId}:${normaliseRecoveryCode(code)}`).digest('hex');

/** RECOVERY_CODE_COUNT new codes (`xxxxx-xxxxx`, about 50 bits each) for a user and the hashes to keep of them. */
export function newRecoveryCodes(userId: number): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map((code) => hashRecoveryCode(userId, code)) };
}
