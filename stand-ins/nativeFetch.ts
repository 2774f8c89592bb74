/**
 * Replaces `isomorphic-fetch` (umi-request's fetch polyfill) in the browser build: every browser
 * the console targets has `fetch`. Wired in by the `alias` in `.umirc.ts`.
 */
export {};
