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

/** What a periodic job logs: a round's result at debug, a failure at warn (Fastify's logger). */
export interface JobLog {
  debug(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/**
 * The periodic job `task`: its round every `intervalMs` (repeatEvery), timed as `task` by `time`
 * (the metrics), a round's result logged at debug as `done`, a failure at warn; the round's own
 * errors never escape the timer.
 */
export function startJob<T>(
  task: string,
  intervalMs: number,
  round: () => Promise<T>,
  log: JobLog,
  time: JobTimer = untimed,
): { stop(): Promise<void> } {
  return repeatEvery(intervalMs, () =>
    time(task, round)
      .then((done) => log.debug({ done }, `${task} round`))
      .catch((error) => log.warn({ err: error }, `${task} round failed`)),
  );
}
