/**
 * A round of work repeated every `intervalMs` on an unref'd timer (it never keeps the process
 * alive); a round still running when the next is due is not started twice. `stop` clears the timer
 * and waits for a round in progress.
 */
export function repeatEvery(intervalMs: number, round: () => Promise<unknown>): { stop(): Promise<void> } {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= round().finally(() => {
      running = undefined;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/** Records a round of a named job (the metrics' runs and durations); `untimed` records nothing. */
export type JobTimer = <T>(job: string, round: () => Promise<T>) => Promise<T>;
export const untimed: JobTimer = (_job, round) => round();
