import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SafeStorageLike } from './member-cache';

/**
 * For tests only (Electron's safeStorage needs Electron): the same interface, with AES-256-GCM
 * under a key the test holds. `available: false` plays a system without secure storage.
 */
export function createTestSafeStorage({ available = true, key = randomBytes(32) }: { available?: boolean; key?: Buffer } = {}): SafeStorageLike {
  return {
    isEncryptionAvailable: () => available,
    encryptString(plainText) {
      if (!available) throw new Error('Encryption is not available.');
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), sealed]);
    },
    decryptString(encrypted) {
      const decipher = createDecipheriv('aes-256-gcm', key, encrypted.subarray(0, 12));
      decipher.setAuthTag(encrypted.subarray(12, 28));
      return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}
