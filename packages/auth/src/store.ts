import type { Session } from '@portal/api/main';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface SessionState {
  session: Session | null;
  /** The administrator's own session, kept while he views the portal as someone else. */
  adminSession: Session | null;
  setSession: (session: Session) => void;
  /** Drops both slots: signing out also forgets a kept administrator session. */
  clearSession: () => void;
  /** Keeps the administrator's session aside and opens `impersonated` (or none, when it opens in the other app). */
  enterImpersonation: (admin: Session, impersonated: Session | null) => void;
  /** Puts the kept administrator session back; answers whether there was one. */
  resumeAdminSession: () => boolean;
}

/** The signed-in session, kept in localStorage so a reload keeps the user signed in. */
export const useSessionStore = create<SessionState>()(
  persist(
    (set, get) => ({
      session: null,
      adminSession: null,
      setSession: (session) => set({ session }),
      clearSession: () => set({ session: null, adminSession: null }),
      enterImpersonation: (admin, impersonated) =>
        set({ adminSession: admin, session: impersonated }),
      resumeAdminSession: () => {
        const { adminSession } = get();
        if (!adminSession) return false;
        set({ session: adminSession, adminSession: null });
        return true;
      },
    }),
    { name: 'portal.session', version: 1 },
  ),
);

export const getToken = () => useSessionStore.getState().session?.token ?? null;
