/**
 * The plug-in's credential (issue 29, docs/plugin-protocol.md): the console never hands the page its
 * own bearer token; after the plug-in's `start` it asks for a plug-in token, good only for the
 * plug-in's calls (`auth: 'plugin'`) and only while the console session that asked for it lives.
 */
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { pluginTokens } from '../db/schema';
import { hashToken, newToken } from './tokens';
import type { CallContext } from '../context';

/** The plug-in tokens a session keeps: a console open in a few tabs hands one to the plug-in from each. */
export const PLUGIN_TOKENS_PER_SESSION = 3;

/** Plug-in tokens are told apart from session tokens at a glance (in a log or a support ticket), never by the server. */
const PLUGIN_TOKEN_PREFIX = 'pt_';

/** A new plug-in token for the session `sessionId`; only its hash is stored, and the session's oldest beyond the limit go. */
export async function issuePluginToken(db: Executor, sessionId: number): Promise<string> {
  const token = `${PLUGIN_TOKEN_PREFIX}${newToken()}`;
  await db.insert(pluginTokens).values({ sessionId, tokenHash: hashToken(token) });
  const kept = db
    .select({ id: pluginTokens.id })
    .from(pluginTokens)
    .where(eq(pluginTokens.sessionId, sessionId))
    .orderBy(desc(pluginTokens.id))
    .limit(PLUGIN_TOKENS_PER_SESSION);
  await db.delete(pluginTokens).where(and(eq(pluginTokens.sessionId, sessionId), notInArray(pluginTokens.id, kept)));
  return token;
}

/** `plugin/token`: a plug-in token for the caller's session. */
export const pluginToken = async ({ db, account }: CallContext) => ({ token: await issuePluginToken(db, account.sessionId) });
