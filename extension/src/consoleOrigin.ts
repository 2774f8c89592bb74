/**
 * The one console this build of the plug-in trusts (issue 29), fixed at build time
 * (scripts/build-extension.mjs --console-origin): the bridge runs only on its pages, the worker takes
 * messages only from them and calls only its server. Nothing a page says changes it.
 */
declare const __CONSOLE_ORIGIN__: string;

export const CONSOLE_ORIGIN: string = __CONSOLE_ORIGIN__;

/** Whether a page or message sender at `origin` is the console this build trusts. */
export const isConsoleOrigin = (origin: string | null | undefined): boolean => origin === CONSOLE_ORIGIN;
