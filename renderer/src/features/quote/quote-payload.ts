import type { QuoteState } from '@shared/contracts/quote';

/** The quote as it is sent to the server: the state without the client-only parts and any password. */
export function quotePayload(quote: QuoteState): QuoteState {
  const { loading: _loading, errors: _errors, ...rest } = quote;
  const { password: _password, confirmPassword: _confirm, ...personalDetails } = rest.personalDetails;
  return { ...rest, personalDetails };
}
