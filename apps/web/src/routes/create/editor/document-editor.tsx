import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { FieldType } from '@signlink/contracts/documents/document-model';
import { useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { DocumentsApi, EditorResponse } from '../../../api/drafts-api.ts';
import { FormError } from '../../../components/forms/form-error.tsx';
import { useDiscardDraft } from '../use-discard-draft.ts';
import { AddPdfButton } from './add-pdf-button.tsx';
import { DocumentSettingsDialog } from './document-settings-dialog.tsx';
import { editorReducer, initialEditorState } from './editor-state.ts';
import { EditorToolbar } from './editor-toolbar.tsx';
import { freeSpotOn } from './field-geometry.ts';
import { FieldPalette } from './field-palette.tsx';
import { FieldProperties } from './field-properties.tsx';
import { PagesView, pageInView } from './pages-view.tsx';
import { PartiesPanel } from './parties-panel.tsx';
import { PdfFieldsPanel } from './pdf-fields-panel.tsx';
import { RemovedContentNotice } from './removed-content-notice.tsx';
import { SendDialog } from './send-dialog.tsx';
import {
  currentSendProblems,
  describeProblem,
  fieldOfProblem,
  partyNameOf,
  refusalOf,
  type SendRefusal,
} from './send-problems.ts';
import { SenderPartyNotice } from './sender-party-notice.tsx';
import { useAutosave } from './use-autosave.ts';
import { useFillViewportHeight } from './use-fill-viewport-height.ts';
import { useLeaveWarning } from './use-leave-warning.ts';

/** An id for a new field, unique within the file. */
function newFieldId(): string {
  return `f_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
}

/** The field editor for one file of a draft (issue 6 part 2): parties and palette, the pages, the field's numbers. */
export function DocumentEditor({
  api,
  editor,
  onFileReplaced,
  signAndSend = false,
}: {
  api: DocumentsApi;
  editor: EditorResponse;
  /** The open file was replaced (a PDF added and merged into it): the editor opens the draft again. */
  onFileReplaced: () => Promise<unknown>;
  /** Sign and send (issue 24, part 5): the sender is the first party and signs first, on their link. */
  signAndSend?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // A template or a public link's master (issue 24): its slots are roles, saved here and never sent from here.
  const isTemplate = editor.Project.Kind !== 'document';
  const [state, dispatch] = useReducer(editorReducer, editor, (opened) =>
    initialEditorState(opened.Project, opened.File),
  );
  const autosave = useAutosave(api, editor.Project.Id, state);
  useLeaveWarning(autosave.hasUnsavedChanges);
  const [zoom, setZoom] = useState(1.25);
  const [dialog, setDialog] = useState<'settings' | 'send' | null>(null);
  const [refusal, setRefusal] = useState<SendRefusal | null>(null);
  const problems = useMemo(() => currentSendProblems(state, refusal), [state, refusal]);
  const discardDraft = useDiscardDraft();
  const [discardFailure, setDiscardFailure] = useState<unknown>(null);
  const pagesRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<HTMLDivElement>(null);
  const height = useFillViewportHeight(frameRef);

  // The widest page fits the column at first (at most 125 %), so no page opens cut off at the right.
  useLayoutEffect(() => {
    const available = (pagesRef.current?.clientWidth ?? 0) - 48;
    const widest = Math.max(...state.pages.map((page) => page.Width));
    if (available > 0 && widest > 0) setZoom(Math.max(0.5, Math.min(1.25, Math.floor((available / widest) * 20) / 20)));
  }, [state.pages]);

  const partyNames = useMemo(
    () =>
      new Map(
        state.parties.map((party) => [party.SignatureIndex, partyNameOf(t, state.parties, party.SignatureIndex)]),
      ),
    [state.parties, t],
  );
  const problemsByParty = useMemo(() => {
    const byParty = new Map<number, string[]>();
    for (const problem of problems) {
      if (problem.signatureIndex === undefined) continue;
      byParty.set(problem.signatureIndex, [
        ...(byParty.get(problem.signatureIndex) ?? []),
        describeProblem(t, problem, state.parties),
      ]);
    }
    return byParty;
  }, [problems, state.parties, t]);

  const selectedField = state.fields.find((field) => field.id === state.selectedFieldId);
  const selectedParty = state.parties.find((party) => party.SignatureIndex === state.selectedParty);
  const selectedPartyName = selectedParty ? (partyNames.get(selectedParty.SignatureIndex) ?? '') : null;

  const addToPageInView = useCallback(
    (fieldType: FieldType) => {
      const page = pageInView(pagesRef.current);
      const size = state.pages[page - 1];
      if (!size) return;
      // A third into the page, then below the fields already there, so clicked fields do not pile up on one spot.
      dispatch({
        type: 'add-field',
        id: newFieldId(),
        fieldType,
        page,
        ...freeSpotOn(state.fields, page, fieldType, size),
      });
    },
    [state.fields, state.pages],
  );

  const discard = async () => {
    setDiscardFailure(null);
    try {
      const name = state.title.trim() || editor.Project.Title;
      // What is pending is saved first: a save after the draft is gone would only fail.
      const beforeDelete = () => autosave.flush().catch(() => undefined);
      if (await discardDraft({ id: editor.Project.Id, name, beforeDelete })) navigate('/create');
    } catch (failure) {
      setDiscardFailure(failure);
    }
  };

  return (
    <Box ref={frameRef} sx={{ display: 'flex', flexDirection: 'column', height: height ?? '100vh' }}>
      <EditorToolbar
        title={state.title}
        onTitleChange={(title) => dispatch({ type: 'set-title', title })}
        isTitleMissing={state.title.trim() === ''}
        zoom={zoom}
        onZoom={setZoom}
        saveStatus={autosave.status}
        onRetrySave={() => void autosave.flush().catch(() => undefined)}
        addPdf={
          <AddPdfButton
            api={api}
            draftId={editor.Project.Id}
            fileId={state.fileId}
            flush={autosave.flush}
            onMerged={onFileReplaced}
          />
        }
        onOpenSettings={() => setDialog('settings')}
        {...(isTemplate
          ? {
              sendLabel: t('templates.editor.save'),
              onSend: () =>
                void autosave
                  .flush()
                  .then(() => navigate(editor.Project.Kind === 'template' ? '/templates' : '/links'))
                  .catch(() => undefined),
            }
          : { onDelete: () => void discard(), onSend: () => setDialog('send') })}
      />
      {autosave.failure !== null && <FormError error={autosave.failure} />}
      {discardFailure !== null && <FormError error={discardFailure} />}
      <RemovedContentNotice removed={editor.File.RemovedContent} />
      {signAndSend && <SenderPartyNotice state={state} dispatch={dispatch} />}
      <Box sx={{ display: 'flex', flex: 1, minHeight: 0 }}>
        <Box
          component="aside"
          aria-label={t('editor.sidebar')}
          sx={{
            width: 320,
            flex: 'none',
            overflow: 'auto',
            p: 2,
            borderRight: 1,
            borderColor: 'divider',
            display: 'grid',
            gap: 2,
            alignContent: 'start',
          }}
        >
          <PartiesPanel state={state} problemsByParty={problemsByParty} dispatch={dispatch} isTemplate={isTemplate} />
          <Divider />
          <FieldPalette
            party={
              selectedParty ? { signatureIndex: selectedParty.SignatureIndex, name: selectedPartyName ?? '' } : null
            }
            onAdd={addToPageInView}
          />
          <PdfFieldsPanel state={state} partyName={selectedPartyName} dispatch={dispatch} newId={newFieldId} />
        </Box>
        <PagesView
          ref={pagesRef}
          pages={state.pages}
          zoom={zoom}
          contentUrl={editor.ContentUrl}
          fields={state.fields}
          selectedFieldId={state.selectedFieldId}
          partyNames={partyNames}
          dispatch={dispatch}
          newId={newFieldId}
        />
        <Box
          component="aside"
          aria-label={t('editor.propertiesPanel')}
          sx={{ width: 280, flex: 'none', overflow: 'auto', p: 2, borderLeft: 1, borderColor: 'divider' }}
        >
          {selectedField ? (
            <FieldProperties
              field={selectedField}
              parties={state.parties}
              pageCount={state.pages.length}
              dispatch={dispatch}
              newId={newFieldId}
              problems={problems
                .filter((problem) => fieldOfProblem(problem, state.fields) === selectedField)
                .map((problem) => describeProblem(t, problem, state.parties))}
            />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('editor.properties.none')}
            </Typography>
          )}
        </Box>
      </Box>
      {dialog === 'settings' && (
        <DocumentSettingsDialog
          state={state}
          dispatch={dispatch}
          onClose={() => setDialog(null)}
          onOpenAssistant={() =>
            void autosave
              .flush()
              .then(() => navigate(`/document/${encodeURIComponent(editor.Project.Id)}/assistant`))
              // A failed save stays in the editor, which shows it: leaving would lose the changes.
              .catch(() => undefined)
          }
        />
      )}
      {dialog === 'send' && (
        <SendDialog
          api={api}
          draftId={editor.Project.Id}
          parties={state.parties}
          flush={autosave.flush}
          onProblems={(found) => setRefusal(refusalOf(found, state.parties))}
          signFirst={signAndSend}
          onSent={(result) => {
            // Signing first: the sender's own link, the only one made, opens the recipient's signing page.
            const own = signAndSend ? result.Links[0]?.Code : undefined;
            navigate(own ? `/?link=${encodeURIComponent(own)}` : `/document/${encodeURIComponent(result.DocumentId)}`);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
