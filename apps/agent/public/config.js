// Runtime configuration of this app. Deployments overwrite this file; every key is optional and
// defaults to the same host on the standard ports (API 3000, training 3001, agent 5173, staff 5174).
// Example: window.__PORTAL_CONFIG__ = { mainApiUrl: 'https://api.example.fr', supportEmail: 'support@example.fr' };
window.__PORTAL_CONFIG__ = window.__PORTAL_CONFIG__ || {};
