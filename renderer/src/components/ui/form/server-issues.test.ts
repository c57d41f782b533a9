import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { applyServerError } from './server-issues';

function placed(error: unknown, fieldNames: string[]) {
  const errors: Record<string, string | undefined> = {};
  const formMessage = applyServerError(error, (name, { message }) => void (errors[name] = message), fieldNames, 'That did not work.');
  return { errors, formMessage };
}

describe('applyServerError', () => {
  it('puts an issue inside a list field (a row of a table) on that row’s input', () => {
    const error = new ApiRequestError(400, 'validation_error', 'paddocks.1.areaHa: The area must be more than 0 ha', [{ path: 'paddocks.1.areaHa', message: 'The area must be more than 0 ha' }]);
    expect(placed(error, ['paddocks'])).toEqual({ errors: { 'paddocks.1.areaHa': 'The area must be more than 0 ha' }, formMessage: undefined });
  });

  it('says an issue of a field the form does not have in the form’s alert', () => {
    const error = new ApiRequestError(400, 'validation_error', 'memberId: Not a valid id', [{ path: 'memberId', message: 'Not a valid id' }]);
    expect(placed(error, ['paddocks'])).toEqual({ errors: { 'root.server': 'Not a valid id' }, formMessage: 'Not a valid id' });
  });
});
