/** Where a JSON text stops parsing: 1-based line and column, and the parser's own words. */
export interface JsonTextError {
  line: number;
  column: number;
  reason: string;
}

/** Undefined when `text` is valid JSON (blank text counts as invalid). */
export function findJsonError(text: string): JsonTextError | undefined {
  try {
    JSON.parse(text);
    return undefined;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    // Engines report an offset ("at position 42"); some also give "(line 3 column 5)".
    const lineColumn = /line (\d+) column (\d+)/.exec(reason);
    if (lineColumn) {
      return { line: Number(lineColumn[1]), column: Number(lineColumn[2]), reason };
    }
    const position = /position (\d+)/.exec(reason);
    const offset = position ? Math.min(Number(position[1]), text.length) : text.length;
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    return { line, column, reason };
  }
}

/** Pretty-prints JSON text for an editor (two spaces); text that does not parse is kept. */
export function formatJsonText(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** True when both texts parse to the same value (formatting aside). */
export function sameJson(left: string, right: string): boolean {
  try {
    return JSON.stringify(JSON.parse(left)) === JSON.stringify(JSON.parse(right));
  } catch {
    return left === right;
  }
}
