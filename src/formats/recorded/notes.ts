/** At most this many notes are kept: a log from a stranger could otherwise fill memory with them. */
const MAX_NOTES = 12;

/** What the reader could not use or had to assume, one line each; bounded, with a count of the rest. */
export class BillNotes {
  private readonly kept: string[] = [];
  private dropped = 0;

  add(note: string): void {
    if (this.kept.length < MAX_NOTES) this.kept.push(note);
    else this.dropped++;
  }

  list(): string[] {
    return this.dropped === 0 ? [...this.kept] : [...this.kept, `…and ${this.dropped} more notes like these.`];
  }
}

/** Dollars as a note shows them: enough digits to tell costs of a few cents apart. */
export function dollars(value: number): string {
  return `$${Number(value.toPrecision(6))}`;
}
