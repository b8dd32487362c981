import { limits } from '@signlink/contracts/constants';
import type { LinkAccessResponse } from '@signlink/contracts/links/link-access';
import { normalizeEmailAddress } from '@signlink/contracts/validation/email-address';
import { normalizePhoneNumber } from '@signlink/contracts/validation/phone-number';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type GateErrorMessage, gateErrorMessage } from './code-gate-errors.ts';
import type { AccessKeys, CodeChannel, LinkGateApi } from './link-gate-api.ts';

/** SPEC section 4's SMS and e-mail dialog states; 'loading' while a call runs, showing the step it started from. */
export type CodeGateStep = 'loading' | 'input' | 'verify' | 'done';

export interface CodeGateOptions {
  channel: CodeChannel;
  api: Pick<LinkGateApi, 'sendCode' | 'validateCode' | 'openAccess'>;
  /** The sender gave the number or address (shown masked): nothing to type, the code goes there. */
  masked: string | null;
  /** SPEC section 5: an SMS gate of a link that also asks for e-mail needs a valid e-mail typed too. */
  needsEmailToo: boolean;
  onAccess: (access: LinkAccessResponse) => void;
}

/** SPEC sections 5 and 9: an SMS code is exactly 4 digits, an e-mail code at least 4 characters. */
export function isCodeWellFormed(channel: CodeChannel, code: string): boolean {
  const trimmed = code.trim();
  return channel === 'sms'
    ? new RegExp(`^\\d{${limits.smsCodeDigits}}$`).test(trimmed)
    : trimmed.length >= limits.emailCodeMinLength;
}

/** The typed contact, checked as the server will (default country SE for phones); the error key when it is not. */
export function checkContact(channel: CodeChannel, input: string): { value?: string; errorKey?: string } {
  if (!input.trim())
    return { errorKey: channel === 'sms' ? 'recipient.gate.sms.required' : 'recipient.gate.email.required' };
  if (channel === 'sms') {
    const phone = normalizePhoneNumber(input);
    return phone.isValid ? { value: phone.e164 } : { errorKey: 'errors:invalidPhone' };
  }
  const email = normalizeEmailAddress(input);
  return email.isValid ? { value: email.address } : { errorKey: 'errors:invalidEmail' };
}

const accessKeyName = { sms: 'SmsClientAccessKey', email: 'EmailClientAccessKey' } as const satisfies Record<
  CodeChannel,
  keyof AccessKeys
>;

/**
 * The dialog's state and calls: send a code (to the typed or the predefined contact), check it, open the link with its
 * key. A wrong number goes back to input, a wrong code or failed access back to verify, each with the error.
 */
export function useCodeGate({ channel, api, masked, needsEmailToo, onAccess }: CodeGateOptions) {
  const [step, setStep] = useState<CodeGateStep>('input');
  const [shownStep, setShownStep] = useState<'input' | 'verify'>('input');
  const [contact, setContact] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [isChecked, setIsChecked] = useState(false);
  const [failure, setFailure] = useState<GateErrorMessage | null>(null);
  const [isResent, setIsResent] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const clientAccessKey = useRef<string | null>(null);
  const sentTo = useRef<string | undefined>(undefined);

  // The resend link counts down the server's retryAfterSeconds, once a second while there is a wait.
  const retryAt = failure?.retryAt;
  useEffect(() => {
    if (!retryAt) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      // The wait is over: the message goes, and a new code may be asked for.
      if (current >= retryAt) setFailure((shown) => (shown?.retryAt === retryAt ? null : shown));
    }, 1000);
    return () => clearInterval(timer);
  }, [retryAt]);
  const waitSeconds = retryAt ? Math.max(0, Math.ceil((retryAt - now) / 1000)) : 0;

  const contactCheck = masked ? {} : checkContact(channel, contact);
  const emailCheck = needsEmailToo ? checkContact('email', email) : {};
  const codeErrorKey = isCodeWellFormed(channel, code) ? null : `recipient.gate.${channel}.codeFormat`;

  const fail = useCallback((error: unknown, back: 'input' | 'verify') => {
    setFailure(gateErrorMessage(error));
    setNow(Date.now());
    setShownStep(back);
    setStep(back);
  }, []);

  const send = async (isResend: boolean) => {
    const from = isResend ? 'verify' : 'input';
    setStep('loading');
    setShownStep(from);
    try {
      const answer = await api.sendCode(channel, sentTo.current);
      clientAccessKey.current = answer.ClientAccessKey;
      setFailure(null);
      setCode('');
      setIsChecked(false);
      setIsResent(isResend);
      setShownStep('verify');
      setStep('verify');
    } catch (error) {
      // A refused number or address is corrected where it was typed; a refused resend stays at the code.
      fail(error, from);
    }
  };

  const submitContact = () => {
    setIsChecked(true);
    if (contactCheck.errorKey || emailCheck.errorKey || failure?.isLocked) return;
    sentTo.current = contactCheck.value;
    void send(false);
  };

  const submitCode = async () => {
    setIsChecked(true);
    const key = clientAccessKey.current;
    if (codeErrorKey || !key || failure?.isLocked) return;
    setStep('loading');
    setShownStep('verify');
    try {
      const proof = await api.validateCode(code.trim(), key);
      const access = await api.openAccess({ [accessKeyName[channel]]: proof.ClientAccessKey });
      setFailure(null);
      setStep('done');
      onAccess(access);
    } catch (error) {
      fail(error, 'verify');
    }
  };

  const changeContact = () => {
    setFailure(null);
    setIsChecked(false);
    setShownStep('input');
    setStep('input');
  };

  return {
    step,
    /** The form to show: while loading, the one the call started from (disabled). */
    shownStep,
    contact,
    setContact,
    email,
    setEmail,
    code,
    setCode,
    failure,
    isResent,
    waitSeconds,
    contactErrorKey: isChecked ? (contactCheck.errorKey ?? null) : null,
    emailErrorKey: isChecked ? (emailCheck.errorKey ?? null) : null,
    codeErrorKey: isChecked ? codeErrorKey : null,
    submitContact,
    submitCode: () => void submitCode(),
    resend: () => void send(true),
    changeContact,
  };
}
