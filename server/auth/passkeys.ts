/**
 * Passkeys (WebAuthn, with @simplewebauthn/server): as a second factor after the password, and as a
 * sign-in of their own (a passkey is itself two factors: the device and its PIN or fingerprint, so
 * user verification is required). The relying party is the console's address: PUBLIC_URL's host
 * when it is set (production), otherwise the request's `Origin` (a browser sets it; a credential is
 * bound to the host it was made for, so a forged header yields no usable signature).
 */
import type * as SimpleWebAuthn from '@simplewebauthn/server';
import type { PasskeyAssertion, PasskeyCreationOptions, PasskeyRegistration, PasskeyRequestOptions } from '#contract/api/factor';
import { APP_TITLE } from '#contract/text/appTitle';
import type { ServerConfig } from '../config';
import type { accountFactors } from '../db/schema';

let webAuthn: typeof SimpleWebAuthn | undefined;
/**
 * @simplewebauthn/server is loaded at the first passkey ceremony: its certificate and CBOR parsers
 * were a sixth of the server's own load time (every start, every server test file) for a call few make.
 */
function webAuthnModule(): typeof SimpleWebAuthn {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy load that jest and tsx run alike (jest refuses `import()` here)
  webAuthn ??= require('@simplewebauthn/server') as typeof SimpleWebAuthn;
  return webAuthn;
}

/** How long the browser may take to ask the authenticator, in milliseconds. */
const CEREMONY_TIMEOUT_MS = 5 * 60 * 1000;

export interface RelyingParty {
  id: string;
  origin: string;
}

/** The relying party of a request whose `Origin` header is `origin`; undefined when there is none to trust. */
export function relyingParty(config: Pick<ServerConfig, 'publicUrl'>, origin: string | null): RelyingParty | undefined {
  const address = config.publicUrl ?? origin;
  if (!address) return undefined;
  try {
    const url = new URL(address);
    return { id: url.hostname, origin: url.origin };
  } catch {
    return undefined;
  }
}

type Passkey = Pick<typeof accountFactors.$inferSelect, 'credentialId' | 'transports'>;
const descriptorOf = (passkey: Passkey) => ({ id: passkey.credentialId!, transports: passkey.transports ?? undefined });

/** Options for a new passkey of the account; its own passkeys are excluded (one per authenticator). */
export async function creationOptions(
  party: RelyingParty,
  account: { id: number; username: string },
  existing: readonly Passkey[],
): Promise<PasskeyCreationOptions> {
  return (await webAuthnModule().generateRegistrationOptions({
    rpName: APP_TITLE,
    rpID: party.id,
    userName: account.username,
    userID: new TextEncoder().encode(String(account.id)),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map(descriptorOf),
    // Discoverable: the same passkey also signs in without a password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })) as PasskeyCreationOptions;
}

/** Options to sign a challenge with one of `allowed` (the second factor), or with any passkey of the site (none given). */
export async function requestOptions(party: RelyingParty, allowed: readonly Passkey[] = []): Promise<PasskeyRequestOptions> {
  return (await webAuthnModule().generateAuthenticationOptions({
    rpID: party.id,
    allowCredentials: allowed.map(descriptorOf),
    userVerification: 'required',
    timeout: CEREMONY_TIMEOUT_MS,
  })) as PasskeyRequestOptions;
}

/** The new passkey's columns when `registration` answers `challenge`; undefined when it does not verify. */
export async function verifiedRegistration(party: RelyingParty, challenge: string, registration: PasskeyRegistration) {
  try {
    const { verified, registrationInfo } = await webAuthnModule().verifyRegistrationResponse({
      response: registration as Parameters<typeof SimpleWebAuthn.verifyRegistrationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: true,
    });
    if (!verified) return undefined;
    const { credential } = registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      signCount: credential.counter,
      transports: credential.transports ?? null,
    };
  } catch {
    // A malformed or foreign response: the caller says the passkey could not be verified.
    return undefined;
  }
}

type StoredPasskey = Pick<typeof accountFactors.$inferSelect, 'credentialId' | 'publicKey' | 'signCount' | 'transports'>;

/** The new signature counter when `assertion` is `passkey`'s signature over `challenge`; undefined otherwise. */
export async function verifiedAssertion(
  party: RelyingParty,
  challenge: string,
  passkey: StoredPasskey,
  assertion: PasskeyAssertion,
): Promise<number | undefined> {
  try {
    const { verified, authenticationInfo } = await webAuthnModule().verifyAuthenticationResponse({
      response: assertion as Parameters<typeof SimpleWebAuthn.verifyAuthenticationResponse>[0]['response'],
      expectedChallenge: challenge,
      expectedOrigin: party.origin,
      expectedRPID: party.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId!,
        publicKey: new Uint8Array(Buffer.from(passkey.publicKey!, 'base64url')),
        counter: passkey.signCount ?? 0,
        transports: passkey.transports ?? undefined,
      },
    });
    return verified ? authenticationInfo.newCounter : undefined;
  } catch {
    // A counter that went backwards (a cloned authenticator) or a malformed response.
    return undefined;
  }
}
