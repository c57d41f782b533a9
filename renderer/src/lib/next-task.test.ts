import { expect, it } from 'vitest';
import { importInParts } from './next-task';

it('imports the parts one per task, in order, then the module asked for', async () => {
  const order: string[] = [];
  const part = (name: string) => async () => void order.push(name);
  // A task queued now runs between the parts, as a tap on a phone would.
  setTimeout(() => order.push('another task'), 0);
  const module = await importInParts([part('contracts'), part('form library')], async () => (order.push('page'), { page: true }));
  expect(module).toEqual({ page: true });
  expect(order.filter((name) => name !== 'another task')).toEqual(['contracts', 'form library', 'page']);
  expect(order.indexOf('another task')).toBeLessThan(order.indexOf('page'));
});
