/**
 * The business refusal every domain throws, and its common shapes. The ground floor of the server:
 * it imports nothing of HTTP (server/http/respond.ts turns a refusal into the answer wrapper, and
 * anything else thrown into B0001).
 */
import { CODE_MESSAGES, CODES, type Code } from '#contract/codes';
import { uniqueViolation } from './db/query';

/**
 * A business outcome that is not a success (answered with HTTP 200 and its code). Handlers throw
 * it; anything else thrown is an unexpected failure (HTTP 500, B0001).
 */
export class Refusal extends Error {
  constructor(
    readonly code: Code,
    message: string = CODE_MESSAGES[code],
    /** The answer's content (null unless given), e.g. `{ field }` naming the form field at fault. */
    readonly content: unknown = null,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/**
 * A0400 on one body field: the message wholly in Chinese (`参数错误：<problem>`, a complete sentence
 * without the field's English name) and `content.field` naming the body field, for the form to mark.
 */
export const badParameter = (field: string, problem: string) =>
  new Refusal(CODES.BAD_PARAMETERS, `${CODE_MESSAGES[CODES.BAD_PARAMETERS]}：${problem}`, { field });

/**
 * Runs `work`. A unique violation it meets becomes the refusal `refusal` names (given the constraint
 * broken, for a row with several unique keys); any other error goes on. The unique index is the last
 * word when two writes race past the check made before them, and the loser still hears why.
 */
export async function refuseUniqueViolation<T>(work: () => Promise<T>, refusal: Refusal | ((constraint: string) => Refusal)): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === undefined) throw error;
    throw refusal instanceof Refusal ? refusal : refusal(constraint);
  }
}
