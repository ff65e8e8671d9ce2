/**
 * Splits text arriving in chunks into lines (NDJSON): calls `onLine` for each complete, non-empty line.
 * Blank lines (keep-alives some servers send) are skipped; a trailing `\r` is dropped.
 *
 * @deprecated `botEvents` now reads NDJSON with effect's `Ndjson.decodeSchema` (`effect/encoding`), which
 * also bounds line length and decodes each line; use it. Kept, unchanged, for callers of this export:
 * effect offers no push-style line splitter to build it on.
 */
export class LineSplitter {
  private buffer = ""

  constructor(private readonly onLine: (line: string) => void) {}

  feed(chunk: string): void {
    this.buffer += chunk
    let nl = this.buffer.indexOf("\n")
    while (nl >= 0) {
      const line = this.buffer.slice(0, nl).replace(/\r$/, "")
      this.buffer = this.buffer.slice(nl + 1)
      if (line.trim() !== "") this.onLine(line)
      nl = this.buffer.indexOf("\n")
    }
  }

  /** What is left without a newline when the stream ends (a last line not terminated). */
  flush(): void {
    const rest = this.buffer.trim()
    this.buffer = ""
    if (rest !== "") this.onLine(rest)
  }
}
