/**
 * Stripe's request bodies are form-encoded with bracket notation (`line_items[0][price_data][unit_amount]=50000`,
 * `metadata[kind]=top-up`), as the `qs` library writes them; this reads them back into nested objects, with
 * numeric keys as arrays. Values stay strings, as Stripe receives them.
 */
export type StripeFormValue = string | StripeFormValue[] | { [key: string]: StripeFormValue };
export type StripeForm = { [key: string]: StripeFormValue };

// Far beyond what a Checkout Session needs; keeps a hostile body from building a huge array.
const MAX_INDEX = 1000;

export function parseStripeForm(body: string): StripeForm {
  const root: StripeForm = {};
  for (const [name, value] of new URLSearchParams(body)) {
    const keys = keysOf(name);
    if (!keys) continue;
    let node: Record<string, StripeFormValue> | StripeFormValue[] = root;
    keys.forEach((key, depth) => {
      const isLast = depth === keys.length - 1;
      const slot = key as unknown as number;
      if (isLast) {
        (node as Record<string, StripeFormValue>)[slot] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(keys[depth + 1] ?? '');
      const existing = (node as Record<string, StripeFormValue>)[slot];
      if (existing === undefined || typeof existing === 'string') {
        (node as Record<string, StripeFormValue>)[slot] = nextIsIndex ? [] : {};
      }
      node = (node as Record<string, StripeFormValue>)[slot] as Record<string, StripeFormValue>;
    });
  }
  return root;
}

/** `a[b][0][c]` → ['a', 'b', '0', 'c']; null for a malformed name or an index out of bounds. */
function keysOf(name: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match?.[1]) return null;
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '');
  if (rest.some((key) => key === '' || (/^\d+$/.test(key) && Number(key) > MAX_INDEX))) return null;
  // Object keys that would reach a prototype have no place in Stripe's parameters.
  if ([match[1], ...rest].some((key) => key === '__proto__' || key === 'constructor' || key === 'prototype')) {
    return null;
  }
  return [match[1], ...rest];
}

/** Reads a nested value by path, e.g. `fieldAt(form, ['line_items', 0, 'price_data'])`. */
export function fieldAt(form: StripeFormValue | undefined, path: (string | number)[]): StripeFormValue | undefined {
  let node: StripeFormValue | undefined = form;
  for (const key of path) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = (node as Record<string, StripeFormValue>)[key];
  }
  return node;
}
