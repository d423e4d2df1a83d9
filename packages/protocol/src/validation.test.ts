import { describe, expect, it } from 'vitest';
import { SignUpReq } from './user/auth';
import { parseValidationMessage } from './validation';

describe('validation answers read back into a field and a rule', () => {
  it('PROTO-ERR-2: the sign-up schema’s texts, as the server words them, become field and rule', () => {
    const issues = SignUpReq.safeParse({
      email: 'x',
      password: 'short',
      nickname: 'a'.repeat(41),
    }).error!.issues.map((i) => parseValidationMessage(`${i.path.join('.')}: ${i.message}`));
    expect(issues).toEqual([
      { field: 'email', rule: 'email' },
      { field: 'password', rule: 'min', count: 8 },
      { field: 'nickname', rule: 'max', count: 40 },
    ]);
    const missing = SignUpReq.safeParse({}).error!.issues.map((i) =>
      parseValidationMessage(`${i.path.join('.')}: ${i.message}`),
    );
    expect(missing).toEqual([
      { field: 'email', rule: 'required' },
      { field: 'password', rule: 'required' },
    ]);
  });

  it('PROTO-ERR-2: unknown words are `invalid`; a text without a field has none', () => {
    expect(parseValidationMessage('color: must be a hex colour')).toEqual({
      field: 'color',
      rule: 'invalid',
    });
    expect(parseValidationMessage('Something odd')).toEqual({ field: null, rule: 'invalid' });
  });
});
