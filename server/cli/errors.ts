/** A failure the CLI reports as one line on stderr, with the exit code to leave with. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** Wrong command line: the message, then the usage, on stderr; exit code 2. */
export class UsageError extends CliError {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message, 2);
  }
}
