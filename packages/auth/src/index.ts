export { Gate, RequireAuth, useHasComponent, useSession } from './guard';
export { messages } from './messages';
export {
  audienceOf,
  homePath,
  isDisabled,
  menuAudience,
  safeRelativePath,
  type AppName,
  type PageRoute,
} from './paths';
export { loginSchema, newPasswordSchema, PASSWORD_POLICY, resetRequestSchema } from './schemas';
export {
  authSetup,
  clearQueryCache,
  registerQueryClient,
  setupAuth,
  signOut,
  USERS_ADMIN_PATH,
  type AuthSetup,
} from './setup';
export { getToken, useSessionStore } from './store';
