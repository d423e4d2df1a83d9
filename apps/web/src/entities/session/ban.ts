import { create } from 'zustand';
import type { Ban } from '../../lib/ban';

export { banOf, banText, type Ban } from '../../lib/ban';

interface BanNoticeState {
  ban: Ban | null;
  show: (ban: Ban) => void;
  dismiss: () => void;
}

/** The ban that just signed the person out, shown over every page until dismissed. */
export const useBanNotice = create<BanNoticeState>()((set) => ({
  ban: null,
  show: (ban) => set({ ban }),
  dismiss: () => set({ ban: null }),
}));
