import { describe, expect, it } from 'vitest';
import { guestAllowance, roomSizeRefusal } from './room-size';

describe('room size and the guest allowance', () => {
  it('SEC-GUEST-1: guests do not take users’ places; a full guest allowance refuses only guests', () => {
    const full = { users: 0, guests: 10 };
    expect(roomSizeRefusal(full, 10, 1, { isGuest: false })).toBeNull();
    expect(roomSizeRefusal(full, 10, 1, { isGuest: true })).toBe('ROOM_GUESTS_FULL');
    expect(roomSizeRefusal({ users: 10, guests: 0 }, 10, 1, { isGuest: false })).toBe('ROOM_FULL');
    expect(roomSizeRefusal({ users: 10, guests: 0 }, 10, 1, { isGuest: true })).toBeNull();
  });

  it('SEC-GUEST-1: the allowance is roomSize × ratio, rounded down; 0 admits no guests', () => {
    expect(guestAllowance(200, 1)).toBe(200);
    expect(guestAllowance(5, 0.5)).toBe(2);
    expect(guestAllowance(5, 0)).toBe(0);
    expect(roomSizeRefusal({ users: 0, guests: 0 }, 5, 0, { isGuest: true })).toBe(
      'ROOM_GUESTS_FULL',
    );
  });
});
