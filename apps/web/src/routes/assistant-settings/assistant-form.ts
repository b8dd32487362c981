import type { AssistantSettings, AssistantSettingsInput } from '@signlink/contracts/assistant/assistant-settings';

/** What the screen edits: the saved settings' fields the owner can change (form filling is not one of them yet). */
export type AssistantForm = Omit<Required<AssistantSettingsInput>, 'EnableFormFilling'>;

export type AssistantFormField = keyof AssistantForm;

export function formOf(settings: AssistantSettings): AssistantForm {
  return {
    Enabled: settings.Enabled,
    EnableSpeech: settings.EnableSpeech,
    Language: settings.Language,
    Version: settings.Version,
    FirstMessage: settings.FirstMessage,
    InitMessage: settings.InitMessage,
    CompletionMessage: settings.CompletionMessage,
    AdditionalInstructions: settings.AdditionalInstructions,
    StoreConversations: settings.StoreConversations,
  };
}

/** The PUT body: every field, form filling refused until it comes (SPEC section 1). */
export function inputOf(form: AssistantForm): AssistantSettingsInput {
  return { ...form, EnableFormFilling: false };
}

export function isFormChanged(form: AssistantForm, saved: AssistantSettings): boolean {
  const original = formOf(saved);
  return (Object.keys(original) as AssistantFormField[]).some((key) => original[key] !== form[key]);
}
