import { z } from 'zod';

/** What the renderer may ask the desktop's main process to send to the server. */
export const desktopApiRequestSchema = z.object({
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  path: z
    .string()
    .startsWith('/api/', 'The path must start with /api/.')
    .refine((path) => !path.includes('..') && !path.includes('//'), 'The path must not leave /api/.'),
  body: z.unknown().optional(),
  headers: z.record(z.string(), z.string()).optional(),
});

export const desktopServerUrlSchema = z
  .url({ protocol: /^https?$/, message: 'Enter the server address, for example https://console.grainmutual.example' })
  .transform((url) => url.replace(/\/+$/, ''));
