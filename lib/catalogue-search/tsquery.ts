// Postgres's own normalised form of a search word (`to_tsquery(...)::text`, e.g.
// `'synchron':* | 'sync':A`), read back into a tree the in-process catalogue evaluates. Postgres
// does the stemming, so the catalogue matches exactly the lexemes `search_document` holds.

export type TsQuery =
  | { kind: "term"; lexeme: string; prefix: boolean; nameOnly: boolean }
  | { kind: "and" | "or"; left: TsQuery; right: TsQuery }
  | { kind: "not"; operand: TsQuery };

/**
 * Parses the text form of a tsquery; undefined for the empty query (a word made only of stop words).
 * The phrase operators (`<->`, `<N>`) are read as AND: the catalogue keeps no word positions, and
 * search words are single words, which Postgres only splits into a phrase in rare scripts.
 */
export function parseTsQuery(text: string): TsQuery | undefined {
  let position = 0;
  const skipSpaces = () => {
    while (text[position] === " ") position++;
  };
  const fail = (): never => {
    throw new Error(`unexpected tsquery text at ${position}: ${text}`);
  };

  const operand = (): TsQuery => {
    skipSpaces();
    if (text[position] === "!") {
      position++;
      return { kind: "not", operand: operand() };
    }
    if (text[position] === "(") {
      position++;
      const inner = or();
      skipSpaces();
      if (text[position] !== ")") fail();
      position++;
      return inner;
    }
    if (text[position] !== "'") fail();
    // Gathered and joined once: a string grown one `+=` at a time stays a chain of ~24 bytes per
    // character, and these lexemes are kept (a 100-letter word's query cost 540 KiB instead of 78).
    const characters: string[] = [];
    for (position++; ; position++) {
      if (position >= text.length) fail();
      if (text[position] === "'") {
        if (text[position + 1] !== "'") break;
        position++;
      } else if (text[position] === "\\") position++;
      characters.push(text[position]!);
    }
    const lexeme = characters.join("");
    position++;
    let prefix = false;
    let weights = "";
    if (text[position] === ":") {
      for (position++; /[*A-D]/.test(text[position] ?? ""); position++) {
        if (text[position] === "*") prefix = true;
        else weights += text[position];
      }
    }
    // Weight A alone is the name; any other weighting is treated as the whole document.
    return { kind: "term", lexeme, prefix, nameOnly: weights === "A" };
  };

  const binary = (kind: "and" | "or", next: () => TsQuery, operators: RegExp) => (): TsQuery => {
    let left = next();
    for (;;) {
      skipSpaces();
      const match = operators.exec(text.slice(position));
      if (!match) return left;
      position += match[0].length;
      left = { kind, left, right: next() };
    }
  };
  const phrase = binary("and", operand, /^<(?:-|\d+)>/);
  const and = binary("and", phrase, /^&/);
  const or = binary("or", and, /^\|/);

  if (text.trim() === "") return undefined;
  const query = or();
  skipSpaces();
  if (position !== text.length) fail();
  return query;
}
