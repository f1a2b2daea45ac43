import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP parameters (19 MiB, 2 passes).
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

let dummy: Promise<string> | null = null;

/**
 * Checks a password against a hash; without a hash (unknown account) it checks against a dummy one,
 * so that the answer takes the same time whether the account exists or not.
 */
export async function checkPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummy ??= hashPassword('dummy password of a missing account');
  const matches = await verify(passwordHash ?? (await dummy), password).catch(() => false);
  return passwordHash !== null && matches;
}
