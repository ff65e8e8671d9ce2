/** Characters a log line must not carry raw: C0 and C1 controls (newlines too), line separators, bidi overrides. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g

const NAMED: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" }

/**
 * A request-derived string as it may appear in a log: every control character escaped (`\n`, `\u0000`), so
 * a client can neither forge log lines nor send escape sequences to an operator's terminal.
 */
export const logSafe = (text: string): string =>
  text.replace(UNSAFE, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)
