/**
 * Xero's tokens at rest: AES-256-GCM with a key derived by HKDF-SHA256 from XERO_TOKEN_KEY (or the
 * session secret), so a copy of the database alone cannot call Xero as the mutual. A token stored
 * under another secret does not decrypt: the connection has to be made again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const FORMAT = 'v1';

export interface TokenCipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export function createTokenCipher(secret: string): TokenCipher {
  const key = Buffer.from(hkdfSync('sha256', secret, 'grain-mutual', 'xero-tokens', 32));
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [FORMAT, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
    },
    decrypt(sealed) {
      const [format, iv, tag, data] = sealed.split('.');
      if (format !== FORMAT || !iv || !tag || data === undefined) throw new Error('The stored Xero token is not in a format this server reads.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
