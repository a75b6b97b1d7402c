import type { Session } from '@portal/api/main';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface SessionState {
  session: Session | null;
  setSession: (session: Session) => void;
  clearSession: () => void;
}

/** The signed-in session, kept in localStorage so a reload keeps the user signed in. */
export const useSessionStore = create<SessionState>()(
  persist(
    (set) => ({
      session: null,
      setSession: (session) => set({ session }),
      clearSession: () => set({ session: null }),
    }),
    { name: 'portal.session', version: 1 },
  ),
);

export const getToken = () => useSessionStore.getState().session?.token ?? null;
