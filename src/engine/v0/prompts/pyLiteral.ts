import { PyTuple } from './pythonRepr.ts';

/**
 * `ast.literal_eval` for the literals old OpenHands logs hold in `translated_ipython_code`
 * (`print(file_editor(**{'command': 'view', 'path': '/x'}))`): strings (quotes, prefixes r/u, escapes,
 * implicit concatenation), ints, floats, True/False/None, lists, tuples, dicts and signs.
 * Anything else (bytes, f-strings, complex numbers, sets, calls) counts as a literal Python refuses,
 * which `event_from_dict` shrugs off (`except (ValueError, SyntaxError): pass`).
 */

export class NotALiteral extends Error {
  constructor(message = 'not a Python literal') {
    super(message);
    this.name = 'NotALiteral';
  }
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\n': '',
};

class LiteralParser {
  private at = 0;
  /** Open brackets: inside them a newline is just space (Python's implicit line joining). */
  private depth = 0;
  private readonly text: string;

  constructor(text: string) {
    // literal_eval strips leading spaces and tabs; blank and comment lines may come first, then no indent.
    this.text = text.replace(/^[ \t]+/, '');
    this.at = /^(?:[ \t\f]*(?:#[^\n]*)?\r?\n)*/.exec(this.text)![0].length;
    if (this.text[this.at] === ' ' || this.text[this.at] === '\t') throw new NotALiteral('unexpected indent');
  }

  parse(): unknown {
    const first = this.expression();
    let value = first;
    // A bare `1, 2` is a tuple.
    if (this.take(',')) {
      const items = [first];
      while (!this.atEnd()) {
        items.push(this.expression());
        if (!this.take(',')) break;
      }
      value = new PyTuple(items);
    }
    if (!this.atEnd()) throw new NotALiteral();
    return value;
  }

  /** Only blank lines and comments remain. */
  private atEnd(): boolean {
    this.space();
    return /^(?:[ \t\f]*(?:#[^\n]*)?(?:\r?\n|$))*$/.test(this.text.slice(this.at));
  }

  private space(): void {
    const pattern =
      this.depth > 0 ? /^(?:[ \t\f\r\n]+|\\\r?\n(?=[^]*\S)|#[^\n]*)/ : /^(?:[ \t\f]+|\\\r?\n(?=[^]*\S)|#[^\n]*)/;
    for (;;) {
      const rest = pattern.exec(this.text.slice(this.at));
      if (!rest) return;
      this.at += rest[0].length;
    }
  }

  private peek(pattern: RegExp): RegExpExecArray | null {
    this.space();
    return pattern.exec(this.text.slice(this.at));
  }

  private take(token: string): boolean {
    this.space();
    if (!this.text.startsWith(token, this.at)) return false;
    this.at += token.length;
    if (token === '[' || token === '(' || token === '{') this.depth++;
    if (token === ']' || token === ')' || token === '}') this.depth--;
    return true;
  }

  private expression(): unknown {
    if (this.take('-')) return negate(this.number());
    if (this.take('+')) return this.number();
    if (this.take('[')) return this.sequence(']');
    if (this.take('(')) return this.sequence(')', true);
    if (this.take('{')) return this.dict();
    const word = this.peek(/^(True|False|None)\b/);
    if (word) {
      this.at += word[0].length;
      return word[1] === 'True' ? true : word[1] === 'False' ? false : null;
    }
    if (this.peek(/^[rRuU]?['"]/)) return this.strings();
    return this.number();
  }

  private sequence(close: string, tuple = false): unknown {
    const items: unknown[] = [];
    let commas = 0;
    while (!this.take(close)) {
      if (items.length > commas) throw new NotALiteral();
      items.push(this.expression());
      if (this.take(',')) commas++;
    }
    if (!tuple) return items;
    // `(x)` is x itself; `(x,)` and `()` are tuples.
    return items.length === 1 && commas === 0 ? items[0] : new PyTuple(items);
  }

  private dict(): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    let expectingItem = true;
    while (!this.take('}')) {
      if (!expectingItem) throw new NotALiteral();
      const key = this.expression();
      if (!this.take(':')) throw new NotALiteral('sets are not read');
      // Python keys may be numbers or None; they become the texts JSON gives them.
      result[typeof key === 'string' ? key : JSON.stringify(key)] = this.expression();
      expectingItem = this.take(',');
    }
    return result;
  }

  private strings(): string {
    let out = '';
    while (this.peek(/^[rRuU]?['"]/)) out += this.string();
    return out;
  }

  private string(): string {
    const raw = /^[rR]/.test(this.text[this.at]!);
    if (/^[rRuU]/.test(this.text[this.at]!)) this.at++;
    const quote = this.text.startsWith(this.text[this.at]!.repeat(3), this.at)
      ? this.text[this.at]!.repeat(3)
      : this.text[this.at]!;
    this.at += quote.length;
    let out = '';
    for (;;) {
      if (this.at >= this.text.length) throw new NotALiteral('unterminated string');
      if (this.text.startsWith(quote, this.at)) {
        this.at += quote.length;
        return out;
      }
      const char = this.text[this.at]!;
      if (char === '\n' && quote.length === 1) throw new NotALiteral('unterminated string');
      if (char !== '\\') {
        out += char;
        this.at++;
      } else if (raw) {
        out += this.text.slice(this.at, this.at + 2);
        this.at += 2;
      } else {
        out += this.escape();
      }
    }
  }

  private escape(): string {
    const next = this.text[this.at + 1] ?? '';
    this.at += 2;
    if (next in SIMPLE_ESCAPES) return SIMPLE_ESCAPES[next]!;
    const octal = /^[0-7]{1,3}/.exec(this.text.slice(this.at - 1));
    if (octal) {
      this.at += octal[0].length - 1;
      return String.fromCodePoint(parseInt(octal[0], 8));
    }
    const width = next === 'x' ? 2 : next === 'u' ? 4 : next === 'U' ? 8 : 0;
    if (width) {
      const hex = this.text.slice(this.at, this.at + width);
      if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex) || parseInt(hex, 16) > 0x10ffff)
        throw new NotALiteral('bad escape');
      this.at += width;
      return String.fromCodePoint(parseInt(hex, 16));
    }
    if (next === 'N') throw new NotALiteral('named escapes are not read');
    return `\\${next}`; // an unknown escape keeps its backslash
  }

  private number(): number {
    const match = this.peek(
      /^(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:(?:[0-9](?:_?[0-9])*)?\.[0-9](?:_?[0-9])*|[0-9](?:_?[0-9])*\.?)(?:[eE][+-]?[0-9](?:_?[0-9])*)?)(?![\w.])/,
    );
    if (!match) throw new NotALiteral();
    const text = match[0].replace(/_/g, '');
    // Decimal ints may not have leading zeros (`007` is a SyntaxError), but `00` is 0.
    if (/^0[0-9]*[1-9]/.test(text) && /^[0-9]+$/.test(text)) throw new NotALiteral('leading zeros');
    this.at += match[0].length;
    if (/^0[xXoObB]/.test(text)) return Number(text.toLowerCase().replace(/^0o/, '0o'));
    return Number(text);
  }
}

function negate(value: number): number {
  return value === 0 ? 0 : -value;
}

/** The value of a Python literal; throws NotALiteral where `ast.literal_eval` raises. */
export function literalEval(text: string): unknown {
  return new LiteralParser(text).parse();
}
