/**
 * The lengths offered for a ban, platform or room (minutes; null: until lifted). Both the staff
 * console and the room's moderator menu offer these.
 */
export const BAN_LENGTH_CHOICES = [60, 24 * 60, 7 * 24 * 60, 30 * 24 * 60, null] as const;
export type BanLengthChoice = (typeof BAN_LENGTH_CHOICES)[number];
