// codeDepsOf lives in verification-codes/, below every module that sends codes. This re-export serves the routes
// files that still import it from here (auth's own, links/link-gate.routes.ts, accounts/personal-account.routes.ts).
export { codeDepsOf } from '../verification-codes/code-deps.ts';
