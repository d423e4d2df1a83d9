import { describe, expect, it } from 'vitest';
import { draftProblem, NEW_ROOM, settingsBody } from './RoomForm';

describe('room form', () => {
  it('names the first problem of a draft', () => {
    expect(draftProblem(NEW_ROOM)).toBe('roomForm.nameRequired');
    const ok = { ...NEW_ROOM, name: 'Room', slug: 'room' };
    expect(draftProblem(ok)).toBeNull();
    expect(draftProblem({ ...ok, slug: 'Bad Slug' })).toBe('roomForm.slugInvalid');
    expect(draftProblem({ ...ok, numberOfDjs: 11 })).toBe('roomForm.djsRange');
    expect(draftProblem({ ...ok, roomSize: NaN })).toBe('roomForm.sizeRange');
  });

  it('sends a password only when one is typed, and null to remove it', () => {
    const d = { ...NEW_ROOM, name: ' Room ', slug: 'room' };
    expect(settingsBody(d, false)).not.toHaveProperty('password');
    expect(settingsBody({ ...d, password: 'pw' }, false)).toMatchObject({
      password: 'pw',
      name: 'Room',
    });
    expect(settingsBody({ ...d, removePassword: true }, true)).toMatchObject({ password: null });
  });
});
