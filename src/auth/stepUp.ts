/**
 * A sensitive call refused with A0214 (its session gave the password too long ago) asks the user for
 * the password and is then sent again (src/services/request.ts). This is the question itself: one at
 * a time, however many calls are waiting, answered by src/auth/StepUpDialog.tsx (loaded when first
 * asked) with whether the password was proved.
 */
import { useSyncExternalStore } from 'react';

let waiting: { answered: Promise<boolean>; answer: (proved: boolean) => void } | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/** Resolves true once the user has proved the password (account/stepUp), false when they decline. */
export function askForStepUp(): Promise<boolean> {
  if (!waiting) {
    let answer!: (proved: boolean) => void;
    const answered = new Promise<boolean>((resolve) => (answer = resolve));
    waiting = { answered, answer };
    changed();
  }
  return waiting.answered;
}

/** The dialog's answer to every call that asked. */
export function answerStepUp(proved: boolean): void {
  const current = waiting;
  waiting = null;
  changed();
  current?.answer(proved);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Whether a call is waiting for the password (the dialog is shown). */
export const useStepUpAsked = () => useSyncExternalStore(subscribe, () => waiting !== null);
