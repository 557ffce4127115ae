import type { Reporter, TestError } from '@playwright/test/reporter';

/**
 * Repeats at the very end of a run every error that was not part of a test (a worker that could
 * not tear down, an unhandled rejection between tests): the list reporter prints them where they
 * happened, thousands of lines up, and CI keeps only the tail of the log.
 */
export default class ErrorSummaryReporter implements Reporter {
  private readonly errors: TestError[] = [];

  onError(error: TestError) {
    this.errors.push(error);
  }

  onEnd() {
    if (this.errors.length === 0) return;
    console.log(`\n${this.errors.length} error(s) outside any test, again:`);
    for (const [i, error] of this.errors.entries()) {
      const text = error.stack ?? error.message ?? error.value ?? String(error);
      console.log(`\n(${i + 1}) ${text.slice(0, 3000)}`);
    }
  }

  printsToStdio() {
    return false;
  }
}
