import { describe, expect, it } from 'vitest';
import { sharedRoles } from './auth';

describe('ROOM-MEM-3: verified tokens share one frozen array per list of roles', () => {
  it('the same list is the same array, frozen; another list is another array', () => {
    const a = sharedRoles(['guest']);
    const b = sharedRoles(['guest']);
    expect(a).toBe(b);
    expect(a).toEqual(['guest']);
    expect(Object.isFrozen(a)).toBe(true);
    expect(() => (a as string[]).push('admin')).toThrow(TypeError);
    const staff = sharedRoles(['user', 'admin']);
    expect(staff).not.toBe(sharedRoles(['admin', 'user']));
    expect(staff).toEqual(['user', 'admin']);
    // A role with a comma is not mistaken for two roles.
    expect(sharedRoles(['user,admin' as never])).not.toBe(staff);
  });

  it('the list given is never changed, and a list that is not of strings is passed through', () => {
    const given = ['user' as const];
    const kept = sharedRoles(given);
    expect(kept).not.toBe(given);
    expect(Object.isFrozen(given)).toBe(false);
    const odd = [1] as never[];
    expect(sharedRoles(odd)).toBe(odd);
  });
});
