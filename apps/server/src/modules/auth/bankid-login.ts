import { isAdult } from '@signlink/contracts/validation/personal-number';
import { AppError } from '../../errors.ts';
import { confirmedIdentity } from '../bankid/bankid-identity.ts';
import { markOrderConsumed } from '../bankid/bankid-orders.repository.ts';
import { type BankIdDeps, settledBankIdOrder } from '../bankid/bankid-orders.service.ts';
import { appOrderScope } from '../bankid/order-scopes.ts';
import { findUserIdByPersonalNumber } from './credentials.repository.ts';
import { signPersonalNumberToken } from './personal-number-token.ts';
import { type SessionDeps, startSession } from './start-session.ts';

/**
 * A completed login or registration order (SPEC section 2: BankID on this or another device). A person
 * with a user is signed in, once per order. One without gets the token their BankID registration carries,
 * if they are 18 or over (SPEC sections 5 and 9); a registration of a person who has a user is refused.
 */
export async function validateBankIdLogin(deps: BankIdDeps & SessionDeps, clientAccessKey: string) {
  const order = await settledBankIdOrder(deps, clientAccessKey, appOrderScope);
  if (order.status === 'pending') return { Status: order.status };
  const identity = confirmedIdentity(order);
  const isOfAge = isAdult(identity.personalNumber, new Date());
  if (order.purpose === 'registration' && !isOfAge) throw new AppError('PERSON_TOO_YOUNG');
  const user = await findUserIdByPersonalNumber(deps.db, identity.personalNumber.digits);
  if (user && order.purpose === 'registration') throw new AppError('ACCOUNT_EXISTS');
  if (user) {
    // One order, one session: a replayed key cannot sign in again.
    if (!(await markOrderConsumed(deps.db, order.id))) {
      throw new AppError('ACTION_CANCELLED', { details: { reason: 'order-already-used' } });
    }
    const auth = await startSession(deps, { userId: user.id, method: 'bankid' });
    return { Status: order.status, User: identity.user, Auth: auth };
  }
  if (!isOfAge) return { Status: order.status, User: identity.user };
  const PersonalNumberToken = await signPersonalNumberToken(deps.secret, {
    personalNumber: identity.personalNumber.digits,
    name: identity.user.Name,
  });
  return { Status: order.status, User: identity.user, PersonalNumberToken };
}
