import { hash, verify } from '@node-rs/argon2';

/** argon2id at OWASP's minimum recommendation (m = 19 MiB, t = 2, p = 1). */
// `algorithm: 2` is Argon2id; the package exports it as an ambient const enum, which isolated modules cannot read.
const argon2Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
