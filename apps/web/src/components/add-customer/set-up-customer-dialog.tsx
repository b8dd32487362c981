import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import type { CustomerAccount, RegisterCustomerAccount } from '@signlink/contracts/accounts/customer-accounts';
import { listPartnerPricePlansRoute } from '@signlink/contracts/billing/partner-price-plans.routes';
import { formatMoney } from '@signlink/contracts/format/format-amount';
import { parseOrgNumber } from '@signlink/contracts/validation/org-number';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiClient } from '../../api/api-context.tsx';
import { createCustomerAccountsApi } from '../../api/customer-accounts-api.ts';
import { useSession } from '../../api/session-context.tsx';
import { useApiQuery } from '../../api/use-api-query.ts';
import { currentLocale } from '../../i18n/create-app-i18n.ts';
import { checkEmailAddress } from '../../lib/input-rules.ts';
import { FormDialog } from '../dialogs/form-dialog.tsx';
import { EmailAddressField } from '../forms/auth-fields.tsx';
import { FormError } from '../forms/form-error.tsx';
import { useStepCall } from '../forms/step-form.tsx';
import { type CustomerTerms, CustomerTermsFields, initialTerms } from './customer-terms-fields.tsx';

type Step =
  | { name: 'email' }
  | { name: 'code'; email: string; token: string }
  | { name: 'terms'; email: string; proof: string }
  | { name: 'done'; account: CustomerAccount };

/** The terms as `accounts/register` takes them; undefined while the organisation number is not one. */
export function registerBodyOf(proof: string, terms: CustomerTerms): RegisterCustomerAccount | undefined {
  const orgNumber = parseOrgNumber(terms.orgNumber);
  if (!orgNumber) return undefined;
  const signatures = Number.parseInt(terms.signatureAmount, 10);
  const additional = Number.parseFloat(terms.additionalAmount);
  return {
    EmailVerificationToken: proof,
    Company: { CountryCode: 'SE', OrgNumber: orgNumber },
    PricePlanId: terms.pricePlanId,
    Years: terms.years,
    ...(signatures > 0 ? { SignatureAmount: signatures } : {}),
    ActivateNow: terms.activateNow,
    ...(!terms.activateNow && terms.startDate ? { StartDate: new Date(terms.startDate).toISOString() } : {}),
    ...(terms.endDate ? { EndDate: new Date(terms.endDate).toISOString() } : {}),
    InvoiceSetting: terms.invoiceSetting,
    AdditionalAmount: additional > 0 ? Math.round(additional * 100) : 0,
  };
}

/**
 * The add-customer-account wizard's direct path (SPEC sections 2, 3 and 6): the customer's e-mail is proven by a
 * code they read out, the partner gives the Swedish company, plan and terms, and may then enter the new account.
 */
export function SetUpCustomerDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const api = createCustomerAccountsApi(useApiClient());
  const session = useSession();
  const plans = useApiQuery(listPartnerPricePlansRoute, {});
  const call = useStepCall();
  const [step, setStep] = useState<Step>({ name: 'email' });
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [terms, setTerms] = useState<CustomerTerms>(initialTerms);
  const emailCheck = checkEmailAddress(email);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    call.check();
    if (step.name === 'email') {
      const address = emailCheck.address;
      if (!address) return;
      void call.run(async () => {
        const sent = await api.sendCode(address);
        setStep({ name: 'code', email: address, token: sent.EmailAddressToken });
      });
    } else if (step.name === 'code') {
      if (!code.trim()) return;
      void call.run(async () => {
        const proof = await api.validateCode(step.token, code.trim());
        setStep({ name: 'terms', email: proof.EmailAddress, proof: proof.EmailVerificationToken });
      });
    } else if (step.name === 'terms') {
      const body = registerBodyOf(step.proof, terms);
      if (!body) return;
      void call.run(async () => setStep({ name: 'done', account: await api.register(body) }));
    } else {
      const { account } = step;
      void call.run(async () => {
        session.signIn(await api.enter(account.AccountId));
        onClose();
      });
    }
  };

  const submitLabel = {
    email: t('customers.setUp.sendCode'),
    code: t('customers.setUp.checkCode'),
    terms: t('customers.setUp.create'),
    done: t('customers.setUp.enter'),
  }[step.name];
  const intro = {
    email: t('customers.setUp.emailIntro'),
    code: t('customers.setUp.codeIntro', { email: step.name === 'code' ? step.email : '' }),
    terms: t('customers.setUp.termsIntro', { email: step.name === 'terms' ? step.email : '' }),
    done: t('customers.setUp.doneIntro'),
  }[step.name];
  return (
    <FormDialog
      title={t('customers.setUp.title')}
      intro={intro}
      submitLabel={submitLabel}
      onSubmit={submit}
      onClose={onClose}
      isProcessing={call.isProcessing}
      isFullScreenOnPhone
    >
      {step.name === 'email' && (
        <EmailAddressField
          value={email}
          onChange={setEmail}
          errorKey={call.isChecked ? emailCheck.errorKey : null}
          disabled={call.isProcessing}
          autoComplete="off"
        />
      )}
      {step.name === 'code' && (
        <TextField
          label={t('customers.setUp.code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 12, autoComplete: 'one-time-code' } }}
          disabled={call.isProcessing}
          fullWidth
        />
      )}
      {step.name === 'terms' && (
        <CustomerTermsFields
          terms={terms}
          onChange={setTerms}
          plans={plans.data}
          isOrgNumberInvalid={call.isChecked && !parseOrgNumber(terms.orgNumber)}
          disabled={call.isProcessing}
        />
      )}
      {step.name === 'done' && (
        <Alert severity="success" role="status">
          {t('customers.setUp.created', {
            name: step.account.Name,
            plan: step.account.PricePlanId,
            signatures: step.account.SignaturesPerYear,
            end: new Date(step.account.EndDate).toLocaleDateString(currentLocale(i18n)),
            amount: formatMoney(step.account.AdditionalAmount, step.account.Currency, currentLocale(i18n)),
          })}
        </Alert>
      )}
      <FormError error={call.failure} />
    </FormDialog>
  );
}
