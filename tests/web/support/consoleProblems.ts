/** A web test's console errors and warnings, recorded instead of printed, for tests that must see none. */

/** Spies on console.error and console.warn around each test of the file; the answer reads this test's lines. */
export function recordConsoleProblems(): () => string[] {
  let problems: string[] = [];
  beforeEach(() => {
    problems = [];
    for (const kind of ['error', 'warn'] as const) {
      jest.spyOn(console, kind).mockImplementation((...args: unknown[]) => {
        problems.push(`${kind}: ${args.map(String).join(' ')}`);
      });
    }
  });
  afterEach(() => jest.restoreAllMocks());
  return () => problems;
}
