import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '../schemas';

/** The sign-in form's validation, a chunk of its own: `login-page.tsx` loads it after drawing. */
export const loginResolver = zodResolver(loginSchema);
