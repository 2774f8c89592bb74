/** How the worker and the pages' content script wait for each other when a flow starts. */

/** A flow waits this long at most for the newest scripts before it runs with the ones it has. */
export const SCRIPTS_WAIT_MS = 3000;

/**
 * How long a shop page that finds no bind started waits for one: the console opens the page at
 * once (a new tab must open in the click), while the worker writes the start only after fetching
 * the newest scripts (up to SCRIPTS_WAIT_MS).
 */
export const BIND_START_WAIT_MS = SCRIPTS_WAIT_MS + 2000;
