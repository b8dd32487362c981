import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { CompanyInfo } from '@signlink/contracts/accounts/account-settings';
import type { AuthState } from '@signlink/contracts/auth/auth-state';
import { parseOrgNumber } from '@signlink/contracts/validation/org-number';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createAccountsApi } from '../../api/accounts-api.ts';
import { useApiClient } from '../../api/api-context.tsx';
import { ApiError } from '../../api/api-error.ts';
import { useSession, useSignedInUser } from '../../api/session-context.tsx';
import { BankIdDialog, type OrgNumberProof } from '../bankid/bankid-dialog.tsx';
import { StepForm, useStepCall } from '../forms/step-form.tsx';
import { InvoiceEmailField, useInvoiceEmail } from './invoice-email-field.tsx';
import { OrgNumberField } from './org-number-field.tsx';

type Step = 'orgNumber' | 'company' | 'invoice';

/**
 * The Swedish branch (SPEC sections 2 and 5): organisation number → the register's company → BankID proves the person
 * may act for it → an optional invoice e-mail → create. The completed order's key is the proof `POST accounts` takes.
 */
export function SwedishCompanySteps({
  onBack,
  onCreated,
  onSwitched,
}: {
  onBack: () => void;
  onCreated: (auth: AuthState) => void;
  /** The user switched to the account they already have for the company. */
  onSwitched: () => void;
}) {
  const { t } = useTranslation();
  const api = createAccountsApi(useApiClient());
  const call = useStepCall();
  const [step, setStep] = useState<Step>('orgNumber');
  const [orgNumber, setOrgNumber] = useState('');
  const [company, setCompany] = useState<CompanyInfo | null>(null);
  const [isBankIdOpen, setIsBankIdOpen] = useState(false);
  const [proof, setProof] = useState<OrgNumberProof | null>(null);
  const invoiceEmail = useInvoiceEmail();
  const digits = parseOrgNumber(orgNumber);

  if (step === 'orgNumber') {
    const lookUp = () => {
      call.check();
      if (!digits) return;
      void call.run(async () => {
        setCompany(await api.companyInfo(digits));
        setStep('company');
      });
    };
    // The register answers NOT_FOUND for a number it has never issued: said in the wizard's words, not the generic ones.
    const isUnknown = call.failure instanceof ApiError && call.failure.code === 'NOT_FOUND';
    return (
      <StepForm
        title={t('addCompany.orgNumber.heading')}
        intro={t('addCompany.orgNumber.intro')}
        failure={isUnknown ? null : call.failure}
        isProcessing={call.isProcessing}
        submitLabel={t('addCompany.orgNumber.search')}
        onSubmit={lookUp}
        onBack={onBack}
      >
        <OrgNumberField
          value={orgNumber}
          onChange={setOrgNumber}
          isInvalid={call.isChecked && !digits}
          errorText={isUnknown ? t('addCompany.orgNumber.notFound') : undefined}
          disabled={call.isProcessing}
          autoFocus
        />
      </StepForm>
    );
  }

  if (step === 'company' && company && digits) {
    // A company no longer active, or one the user already has, cannot be added (the server refuses both): another
    // number is the way on, or, for one they have, acting for that account.
    const canAdd = company.IsActive && !company.AlreadyHaveAccessToAccount;
    return (
      <>
        <StepForm
          title={t('addCompany.company.heading')}
          intro={canAdd ? t('addCompany.company.intro') : undefined}
          failure={null}
          isProcessing={isBankIdOpen}
          submitLabel={t(canAdd ? 'addCompany.company.verify' : 'addCompany.company.another')}
          onSubmit={() => (canAdd ? setIsBankIdOpen(true) : setStep('orgNumber'))}
          onBack={() => setStep('orgNumber')}
        >
          <CompanyCard company={company} />
          {company.AlreadyHaveAccessToAccount && (
            <HeldCompany heldAccountId={company.HeldAccountId} onSwitched={onSwitched} />
          )}
          {!company.IsActive && !company.AlreadyHaveAccessToAccount && (
            <Alert severity="warning" role="alert">
              {t('addCompany.company.inactive')}
            </Alert>
          )}
        </StepForm>
        <BankIdDialog
          open={isBankIdOpen}
          purpose="org-validation"
          orgNumber={digits}
          onDone={(done) => {
            setIsBankIdOpen(false);
            setProof(done);
            setStep('invoice');
          }}
          onCancel={() => setIsBankIdOpen(false)}
        />
      </>
    );
  }

  const create = () => {
    call.check();
    if (!proof || !digits || invoiceEmail.errorKey) return;
    void call.run(async () => {
      onCreated(
        await api.createCompany({
          CountryCode: 'SE',
          OrgNumber: digits,
          ClientAccessKey: proof.clientAccessKey,
          ...(invoiceEmail.address ? { InvoiceEmail: invoiceEmail.address } : {}),
        }),
      );
    });
  };
  return (
    <StepForm
      title={t('addCompany.invoice.heading')}
      intro={t('addCompany.invoice.intro')}
      failure={call.failure}
      isProcessing={call.isProcessing}
      submitLabel={t('addCompany.create')}
      onSubmit={create}
      // Back to the company: a refused or used order is replaced by verifying again there.
      onBack={() => setStep('company')}
    >
      {proof && (
        <Alert severity="success">
          {t('addCompany.invoice.verified', { name: proof.user.Name, company: proof.company.LegalName })}
        </Alert>
      )}
      <InvoiceEmailField state={invoiceEmail} isChecked={call.isChecked} disabled={call.isProcessing} autoFocus />
    </StepForm>
  );
}

/**
 * The user already acts for an account of this company (companyinfo's AlreadyHaveAccessToAccount and HeldAccountId):
 * switch to it, or, when it is the one they act for, say so; without the id the account menu is where to find it.
 */
function HeldCompany({ heldAccountId, onSwitched }: { heldAccountId: string | undefined; onSwitched: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const auth = useSignedInUser();
  const [isSwitching, setIsSwitching] = useState(false);
  const held = auth?.accounts.find((account) => account.AccountId === heldAccountId);
  const isCurrent = held !== undefined && held.AccountId === auth?.user.AccountId;

  const switchTo = async (accountId: string) => {
    setIsSwitching(true);
    try {
      await session.switchAccount(accountId);
      onSwitched();
    } catch {
      // The API client said the switch failed (SPEC section 8); the wizard stays open on the current account.
    } finally {
      setIsSwitching(false);
    }
  };

  return (
    <Alert
      severity="info"
      role="alert"
      action={
        held &&
        !isCurrent && (
          <Button color="inherit" size="small" disabled={isSwitching} onClick={() => void switchTo(held.AccountId)}>
            {t('addCompany.company.switchTo')}
          </Button>
        )
      }
    >
      {t('errors:alreadyHasCompanyAccess')}{' '}
      {t(
        isCurrent
          ? 'addCompany.company.heldCurrent'
          : held
            ? 'addCompany.company.heldSwitch'
            : 'addCompany.company.heldMenu',
      )}
    </Alert>
  );
}

function CompanyCard({ company }: { company: CompanyInfo }) {
  const { t } = useTranslation();
  const { Address: address } = company;
  return (
    <Box
      component="section"
      aria-label={company.LegalName}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, overflowWrap: 'anywhere' }}
    >
      <Typography sx={{ fontWeight: 600 }}>{company.LegalName}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('addCompany.company.orgNumber', { orgNumber: company.OrgNumber })}
        {' · '}
        {company.LegalForm}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {address.Street}
        {address.AddressLine2 && (
          <>
            <br />
            {address.AddressLine2}
          </>
        )}
        <br />
        {`${address.ZipCode} ${address.City}`}
      </Typography>
    </Box>
  );
}
