/**
 * PROTO-ERR-2: a 400 VALIDATION answer lists one text per bad field, `<field>: <what is wrong>`
 * (the field's path with dots, then zod's words or the schema's own). Clients that show it in
 * another language read it back into a field and a rule they can translate.
 */
export type ValidationRule = 'min' | 'max' | 'email' | 'required' | 'invalid';

export interface ValidationIssue {
  /** The field's path (`password`, `body.nickname`…), or null when the text names none. */
  field: string | null;
  rule: ValidationRule;
  /** The length limit of `min` and `max`. */
  count?: number;
}

const RULES: [RegExp, ValidationRule][] = [
  [/at least (\d+) character|too small: expected string to have >=(\d+) character/i, 'min'],
  [/at most (\d+) character|too big: expected string to have <=(\d+) character/i, 'max'],
  [/invalid email|must be an e-?mail/i, 'email'],
  [/received undefined|required|is missing/i, 'required'],
];

/** One text of a VALIDATION answer as a field and a rule (`invalid` when the words are unknown). */
export function parseValidationMessage(text: string): ValidationIssue {
  const m = /^([\w.[\]]+): (.*)$/s.exec(text);
  const field = m ? m[1] : null;
  const words = m ? m[2] : text;
  for (const [re, rule] of RULES) {
    const hit = re.exec(words);
    if (!hit) continue;
    const n = hit[1] ?? hit[2];
    return n ? { field, rule, count: Number(n) } : { field, rule };
  }
  return { field, rule: 'invalid' };
}
