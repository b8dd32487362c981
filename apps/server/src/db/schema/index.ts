// The one place drizzle-kit and the clients read the whole schema from.
export * from './accounts.ts';
export * from './add-ons.ts';
export * from './auth.ts';
export * from './bankid-orders.ts';
export * from './billing.ts';
export * from './document-events.ts';
export * from './documents.ts';
export * from './job-workers.ts';
export * from './link-forms.ts';
export * from './messages.ts';
export * from './partners.ts';
export * from './payments.ts';
export * from './plans.ts';
export * from './rate-limits.ts';
export * from './sign-pay.ts';
export * from './signatures.ts';
export * from './templates.ts';
