import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AskAnswer,
  doneEvent,
  linkAssistant,
  renderRecipientDocument,
  startAssistantServer,
} from './assistant.test-helpers.tsx';

const wait = { timeout: 5000 };

/**
 * A stand-in for the browser's speech recognition (not our code, and not in jsdom): it records what the page set
 * and lets the test say what was heard.
 */
class FakeRecognition {
  static instances: FakeRecognition[] = [];
  lang = '';
  interimResults = false;
  continuous = false;
  isStarted = false;
  onresult: ((event: { results: unknown }) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start() {
    this.isStarted = true;
    FakeRecognition.instances.push(this);
  }
  stop() {
    this.end();
  }
  abort() {
    this.end();
  }
  hear(transcript: string, isFinal: boolean) {
    this.onresult?.({ results: [Object.assign([{ transcript }], { isFinal })] });
  }
  private end() {
    if (!this.isStarted) return;
    this.isStarted = false;
    this.onend?.();
  }
}

const speechWindow = window as unknown as Record<string, unknown>;

function installRecognition() {
  FakeRecognition.instances = [];
  speechWindow.webkitSpeechRecognition = FakeRecognition;
}

/** The browser's voices: the utterances the page hands over. */
function installSynthesis() {
  const synthesis = { speak: vi.fn(), cancel: vi.fn() };
  speechWindow.speechSynthesis = synthesis;
  (globalThis as Record<string, unknown>).SpeechSynthesisUtterance = class {
    lang = '';
    constructor(readonly text: string) {}
  };
  return synthesis;
}

afterEach(() => {
  delete speechWindow.webkitSpeechRecognition;
  delete speechWindow.speechSynthesis;
  delete (globalThis as Record<string, unknown>).SpeechSynthesisUtterance;
});

async function openChat(
  assistant = linkAssistant({ EnableSpeech: true, Language: 'sv' }),
  answers: AskAnswer[] = [[doneEvent('Hyran är 9 000 kr.')]],
) {
  const server = await startAssistantServer({ assistant, answers });
  renderRecipientDocument(server.apiBase);
  fireEvent.click(await screen.findByRole('button', { name: 'Ask Phil' }, wait));
  const dialog = await screen.findByRole('dialog', { name: 'Chat with Phil' }, wait);
  return { server, dialog };
}

const conversation = () => within(screen.getByRole('list', { name: 'Conversation with Phil' }));

describe('speaking with Phil', () => {
  it('fills the box with what is heard, in the assistant’s language, and asks when the person stops speaking', async () => {
    installRecognition();
    const { dialog, server } = await openChat();
    const mic = within(dialog).getByRole('button', { name: 'Speak your question' });
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(mic);
    const recognition = FakeRecognition.instances[0] as FakeRecognition;
    expect(recognition.lang).toBe('sv-SE');
    expect(recognition.interimResults).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Stop listening' }).getAttribute('aria-pressed')).toBe('true');

    recognition.hear('Hur mycket är', false);
    const box = within(dialog).getByRole('textbox', { name: 'Your question' }) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe('Hur mycket är'));
    recognition.hear('Hur mycket är hyran?', true);

    await conversation().findByText('Hyran är 9 000 kr.', {}, wait);
    expect(JSON.parse(server.asked[0]?.body ?? '{}').Question).toBe('Hur mycket är hyran?');
    expect(box.value).toBe('');
    expect(within(dialog).getByRole('button', { name: 'Speak your question' })).toBeTruthy();
  });

  it('says why the microphone stopped when the browser refuses it', async () => {
    installRecognition();
    const { dialog } = await openChat();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Speak your question' }));
    (FakeRecognition.instances[0] as FakeRecognition).onerror?.({ error: 'not-allowed' });
    const alert = await within(dialog).findByRole('alert', {}, wait);
    expect(alert.textContent).toBe('The microphone is not allowed. Allow it in your browser, or type your question.');
    expect(within(dialog).getByRole('button', { name: 'Speak your question' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('offers no microphone where the browser has no speech recognition', async () => {
    const { dialog } = await openChat();
    expect(within(dialog).getByRole('textbox', { name: 'Your question' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Speak your question' })).toBeNull();
  });

  it('offers no speech at all when the owner has not allowed it', async () => {
    installRecognition();
    installSynthesis();
    const { dialog } = await openChat(linkAssistant({ EnableSpeech: false }));
    expect(within(dialog).queryByRole('button', { name: 'Speak your question' })).toBeNull();
    expect(within(dialog).queryByRole('switch', { name: 'Read answers aloud' })).toBeNull();
  });

  it('reads each finished answer aloud in the assistant’s language once switched on, and stops on close', async () => {
    const synthesis = installSynthesis();
    const { dialog } = await openChat(linkAssistant({ EnableSpeech: true, Language: 'sv' }), [
      [doneEvent('Först tyst.')],
      [{ Type: 'text', Text: 'Hyran ' }, doneEvent('Hyran är 9 000 kr.')],
    ]);
    const readAloud = within(dialog).getByRole('switch', { name: 'Read answers aloud' }) as HTMLInputElement;
    expect(readAloud.checked).toBe(false);
    const box = within(dialog).getByRole('textbox', { name: 'Your question' });
    fireEvent.change(box, { target: { value: 'Hej?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await conversation().findByText('Först tyst.', {}, wait);
    expect(synthesis.speak).not.toHaveBeenCalled();

    fireEvent.click(readAloud);
    fireEvent.change(box, { target: { value: 'Vad är hyran?' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(synthesis.speak).toHaveBeenCalledTimes(1), wait);
    const [utterance] = synthesis.speak.mock.calls[0] as [{ text: string; lang: string }];
    expect(utterance).toMatchObject({ text: 'Hyran är 9 000 kr.', lang: 'sv-SE' });

    synthesis.cancel.mockClear();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(synthesis.cancel).toHaveBeenCalled(), wait);
  });
});
