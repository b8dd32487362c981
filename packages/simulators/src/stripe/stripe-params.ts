import { SimStripeError } from './stripe-errors.ts';
import { fieldAt, type StripeForm, type StripeFormValue } from './stripe-form.ts';

/** Reading Stripe's parameters the way Stripe refuses them: its messages, codes and bracket-notation `param`. */

export function invalid(message: string, param: string, code = 'parameter_invalid'): SimStripeError {
  return new SimStripeError(400, 'invalid_request_error', message, code, param);
}

export function required(form: StripeFormValue | undefined, path: (string | number)[]): string {
  const value = fieldAt(form, path);
  const param = path.map((key, i) => (i === 0 ? key : `[${key}]`)).join('');
  if (value === undefined || value === '')
    throw invalid(`Missing required param: ${param}.`, param, 'parameter_missing');
  if (typeof value !== 'string') throw invalid(`Invalid value for ${param}.`, param);
  return value;
}

export function integer(form: StripeFormValue | undefined, path: (string | number)[], min: number): number {
  const text = required(form, path);
  const param = path.map((key, i) => (i === 0 ? key : `[${key}]`)).join('');
  if (!/^\d+$/.test(text) || Number(text) < min || !Number.isSafeInteger(Number(text))) {
    throw invalid(`Invalid integer: ${text}`, param, 'parameter_invalid_integer');
  }
  return Number(text);
}

export function metadataOf(form: StripeForm): Record<string, string> {
  const metadata = form.metadata ?? {};
  if (typeof metadata !== 'object' || Array.isArray(metadata)) throw invalid('Invalid metadata.', 'metadata');
  const entries = Object.entries(metadata);
  // Stripe's metadata limits: 50 keys, keys up to 40 characters, values up to 500.
  if (entries.length > 50) throw invalid('Metadata can have at most 50 keys.', 'metadata');
  for (const [key, value] of entries) {
    if (typeof value !== 'string' || key.length > 40 || value.length > 500)
      throw invalid('Invalid metadata.', `metadata[${key}]`);
  }
  return Object.fromEntries(entries) as Record<string, string>;
}
