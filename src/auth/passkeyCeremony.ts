/**
 * The browser's side of a passkey (WebAuthn, with @simplewebauthn/browser, loaded only when a
 * passkey is used): signing a challenge the server gave. A user who closes the browser's dialog
 * (NotAllowedError) or a browser without WebAuthn is a message, not an error.
 */
import type { PasskeyAssertion, PasskeyRequestOptions } from '#contract/api/factor';
import { feedback } from '@/kit/feedback';
import { SECOND_FACTOR_TEXT as TEXT } from '@/locales/zh-CN/account';

/** The passkey's signature over `options`' challenge; undefined when the user did not give one (said already). */
export async function signWithPasskey(options: PasskeyRequestOptions): Promise<PasskeyAssertion | undefined> {
  const { browserSupportsWebAuthn, startAuthentication } = await import(/* webpackChunkName: "webauthn" */ '@simplewebauthn/browser');
  if (!browserSupportsWebAuthn()) {
    feedback.message.warning(TEXT.passkeyUnsupported);
    return undefined;
  }
  try {
    return await startAuthentication({
      optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
    });
  } catch (error) {
    if ((error as { name?: string }).name === 'NotAllowedError' || (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED') {
      feedback.message.info(TEXT.passkeyCancelled);
      return undefined;
    }
    feedback.message.error((error as Error).message);
    return undefined;
  }
}
