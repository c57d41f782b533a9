import type { Response } from 'supertest';

/** supertest's `.parse()` for a file answer (a PDF, an image): the body as one Buffer rather than text. */
export function binaryBody(res: Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}
