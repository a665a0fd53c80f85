/** Failures both engines share: OpenHands' own code raising, and configurations it would refuse. */

/**
 * Where OpenHands' own condenser code raises. The replay records it at the step and stops, as the
 * agent would enter its ERROR state.
 */
export class OpenHandsFailure extends Error {
  /** What Python would print, e.g. `ValueError: min() arg is an empty sequence`. */
  readonly pythonError: string;

  constructor(explanation: string, pythonError: string) {
    super(explanation);
    this.name = 'OpenHandsFailure';
    this.pythonError = pythonError;
  }
}

const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text);

/** A configuration that OpenHands' config classes (or a condenser constructor) would reject. */
export class ConfigError extends Error {
  /** Dotted path of the offending key, e.g. `condensers.2.keep_first`. */
  readonly path: string;

  constructor(path: string, message: string) {
    // A key or value echoed from the input is cut: a configuration can hold a 200 KB string.
    super(path ? `${cut(path, 120)}: ${cut(message, 400)}` : cut(message, 400));
    this.name = 'ConfigError';
    this.path = path;
  }
}
