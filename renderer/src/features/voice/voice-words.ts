import type { TFunction } from 'i18next';
import { errorText } from '../../i18n/error-text';
import type { VoiceFailure } from './voice-session';

/** Why a recording gave no transcript, in the page's language. */
export function failureText(failure: VoiceFailure, t: TFunction): string {
  return 'microphone' in failure ? t(`voice:microphone.${failure.microphone}`) : errorText(failure.host);
}
