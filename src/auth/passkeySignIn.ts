/** /login's 使用通行密钥登录: a passkey alone, no password (loaded when the button is pressed). */
import type { LoginResult } from '#contract/api/account';
import { callApi } from '@/services/request';
import { signWithPasskey } from './passkeyCeremony';

/** The session of a passkey sign-in; undefined when the user gave no passkey (said already). Refusals throw, said. */
export async function signInWithPasskey(remember: boolean): Promise<LoginResult | undefined> {
  const { ticket, options } = await callApi('account/passkeyOptions', {});
  const credential = await signWithPasskey(options);
  if (!credential) return undefined;
  return callApi('account/passkeyLogin', { ticket, credential, remember });
}
