import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library defaults, which are OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
export function hashPassword(plain: string): Promise<string> {
  return hash(plain);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no user, it still verifies against a dummy hash so
 * that "no such email" and "wrong password" take the same time and cannot be told apart.
 */
export async function verifyPassword(storedHash: string | undefined, plain: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('arrendia-timing-equaliser');
    await verify(await dummyHash, plain);
    return false;
  }
  return verify(storedHash, plain);
}
