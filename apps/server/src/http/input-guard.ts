/**
 * Checks of what a client sends before any route sees it (docs/hostile-input.md):
 * how deep a JSON body nests, and text that PostgreSQL cannot store or that is not
 * text at all (a NUL character, a lone UTF-16 surrogate). Both walk without
 * recursion, so a hostile body costs time in proportion to its size and never
 * overflows the stack.
 */

/** How deep a JSON body may nest; the deepest body of the API is four levels. */
export const maxJsonDepth = 32;

/** True when `text` (JSON) opens more than `max` arrays and objects inside each other. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) depth--;
  }
  return false;
}

export type TextProblem = 'nul' | 'surrogate';

/** A high surrogate without its low half, or a low one without its high half. */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function textProblem(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'nul';
  return loneSurrogate.test(text) ? 'surrogate' : null;
}

interface Visit {
  value: unknown;
  key: string | null;
  parent: Visit | null;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let v: Visit | null = visit; v && v.key !== null; v = v.parent) keys.push(v.key);
  return keys.reverse().join('.') || '_';
}

/**
 * The fields (a.b.0.c) whose text, or whose key, cannot be stored; at most `limit`.
 * Paths are built only for the fields found.
 */
export function invalidTextFields(value: unknown, limit = 20): Array<{ path: string; problem: TextProblem }> {
  const found: Array<{ path: string; problem: TextProblem }> = [];
  const stack: Visit[] = [{ value, key: null, parent: null }];
  while (stack.length > 0 && found.length < limit) {
    const visit = stack.pop() as Visit;
    const current = visit.value;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) found.push({ path: pathOf(visit), problem });
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push({ value: current[i], key: String(i), parent: visit });
    } else if (current !== null && typeof current === 'object') {
      const entries = Object.entries(current);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] as [string, unknown];
        const problem = textProblem(key);
        if (problem) found.push({ path: pathOf({ value: item, key, parent: visit }), problem });
        else stack.push({ value: item, key, parent: visit });
      }
    }
  }
  return found.slice(0, limit);
}
