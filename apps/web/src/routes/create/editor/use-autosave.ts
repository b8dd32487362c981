import { useCallback, useEffect, useRef, useState } from 'react';
import type { DocumentsApi, SaveDraftRequest } from '../../../api/drafts-api.ts';
import type { EditorState } from './editor-state.ts';

/** Long enough that typing a name is one save, short enough that closing the tab soon after loses nothing. */
export const autosaveDelayMs = 800;

export type SaveStatus = 'saved' | 'saving' | 'failed';

/** The draft as `PUT linktinker/projects/{id}` takes it; an empty e-mail or phone is no e-mail or phone. */
export function toSaveDraftRequest(state: EditorState): SaveDraftRequest {
  return {
    Title: state.title.trim(),
    AccessLevel: state.accessLevel,
    Settings: state.settings,
    Message: state.message,
    Parties: state.parties.map((party) => ({
      ...party,
      Name: party.Name.trim(),
      Email: party.Email?.trim() || undefined,
      Phone: party.Phone?.trim() || undefined,
      Message: party.Message || undefined,
      GetPaidLabel: party.GetPaidLabel?.trim() || undefined,
    })),
  };
}

/**
 * Saves the draft and the open file's fields a moment after each change (issue 6 part 2), one save at a time, and
 * `flush` saves at once whatever is left: cost and send price what the server holds, so they flush first.
 */
export function useAutosave(api: DocumentsApi, draftId: string, state: EditorState) {
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [failure, setFailure] = useState<unknown>(null);
  const latest = useRef(state);
  latest.current = state;
  const saved = useRef({ draft: 0, rules: 0 });
  const running = useRef<Promise<void> | null>(null);

  const saveOnce = useCallback(async () => {
    const current = latest.current;
    // No title, no draft save (the contract requires one); the editor says the name is needed.
    const needsDraft = current.draftRevision !== saved.current.draft && current.title.trim() !== '';
    const needsRules = current.rulesRevision !== saved.current.rules;
    if (!needsDraft && !needsRules) return;
    setStatus('saving');
    try {
      // The parties first: the file's access map is built from their slots.
      if (needsDraft) {
        await api.saveProject(draftId, toSaveDraftRequest(current));
        saved.current.draft = current.draftRevision;
      }
      if (needsRules) {
        await api.saveRules(current.fileId, { Fields: current.fields, Labels: current.labels });
        saved.current.rules = current.rulesRevision;
      }
      setFailure(null);
      setStatus('saved');
    } catch (error) {
      setFailure(error);
      setStatus('failed');
      throw error;
    }
  }, [api, draftId]);

  const save = useCallback(async (): Promise<void> => {
    // One save at a time; what changed meanwhile goes in the next.
    while (running.current) await running.current.catch(() => undefined);
    const run = saveOnce();
    running.current = run;
    try {
      await run;
    } finally {
      if (running.current === run) running.current = null;
    }
  }, [saveOnce]);

  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    await save();
  }, [save]);

  useEffect(() => {
    if (state.draftRevision === saved.current.draft && state.rulesRevision === saved.current.rules) return;
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      save().catch(() => undefined);
    }, autosaveDelayMs);
  }, [state.draftRevision, state.rulesRevision, save]);

  // Leaving the editor saves what is pending.
  useEffect(
    () => () => {
      if (timer.current) {
        clearTimeout(timer.current);
        save().catch(() => undefined);
      }
    },
    [save],
  );

  // Read at render: every change renders, and so does every save's end (its status).
  const hasUnsavedChanges =
    status !== 'saved' || state.draftRevision !== saved.current.draft || state.rulesRevision !== saved.current.rules;
  return { status, failure, flush, hasUnsavedChanges };
}
