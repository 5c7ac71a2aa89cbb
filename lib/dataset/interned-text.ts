import { asciiText } from "./ascii";

/**
 * Short cell texts of an ASCII file, made once per distinct value and then shared. A large run
 * reads hundreds of thousands of cells of a few distinct short values (flags, categories, prices
 * that repeat), and making a new string for each is most of what reading them costs: the strings
 * themselves, and the collector's work on the ones a change set keeps. A value is found by its
 * bytes, compared with those of the first cell it was seen in, so nothing is made to look it up.
 *
 * No `node:` imports: the parse that uses this also runs in the browser.
 */

/** Longer texts are rarely repeated, and comparing them costs what making them does. */
const MAX_INTERNED_LENGTH = 12;
/** Slots in the table: at most half are filled, so a probe is short. */
const SLOTS = 1 << 16;
const FILLED_AT_MOST = SLOTS >> 1;

export class InternedText {
  /** Where in the file each slot's value was first seen; -1 for an empty slot. */
  private readonly starts = new Int32Array(SLOTS).fill(-1);
  private readonly lengths = new Uint8Array(SLOTS);
  private readonly texts: string[] = new Array(SLOTS);
  private filled = 0;

  constructor(private readonly bytes: Uint8Array) {}

  /** The text of the ASCII bytes from `start` to `end`. */
  text(start: number, end: number): string {
    const length = end - start;
    if (length > MAX_INTERNED_LENGTH) return asciiText(this.bytes, start, end);
    const { bytes, starts, lengths } = this;
    let hash = length;
    for (let at = start; at < end; at++) hash = Math.imul(hash ^ bytes[at], 0x9e3779b1);
    let slot = (hash ^ (hash >>> 16)) & (SLOTS - 1);
    for (;;) {
      const seen = starts[slot];
      if (seen < 0) break;
      if (lengths[slot] === length && sameBytes(bytes, seen, start, length))
        return this.texts[slot];
      slot = (slot + 1) & (SLOTS - 1);
    }
    const text = asciiText(bytes, start, end);
    if (this.filled < FILLED_AT_MOST) {
      starts[slot] = start;
      lengths[slot] = length;
      this.texts[slot] = text;
      this.filled++;
    }
    return text;
  }

  /** Bytes it holds: its table, and its strings (short: about 24 bytes each, as V8 keeps them). */
  get memoryBytes(): number {
    return this.starts.byteLength + this.lengths.byteLength + SLOTS * 8 + this.filled * 24;
  }
}

function sameBytes(bytes: Uint8Array, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (bytes[a + k] !== bytes[b + k]) return false;
  return true;
}
