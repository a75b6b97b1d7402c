export { PartnerLogos } from './partner-logos';
export { fetchSsoTarget, isWebUrl, openPartner, type Partner, type SsoTarget } from './sso';
export { SsoRedirectPage } from './sso-redirect-page';
