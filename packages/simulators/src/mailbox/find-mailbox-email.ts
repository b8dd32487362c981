import type { SimMailbox } from './sim-mailbox.ts';

/**
 * The simulators' answer to "did this e-mail go out?": an SMTP server that keeps what it took can be asked, so the
 * simulated provider is one that can. Looked up by Message-ID, which our sender derives from the message id.
 */
export async function findMailboxEmail(
  mailbox: SimMailbox,
  input: { messageId: string; to: string },
): Promise<{ providerMessageId: string } | undefined> {
  const wanted = `<${input.messageId}>`;
  const received = await mailbox.list({ recipient: input.to });
  const entry = received.find(
    (candidate) => candidate.channel === 'email' && candidate.headers['message-id'] === wanted,
  );
  return entry ? { providerMessageId: input.messageId } : undefined;
}
