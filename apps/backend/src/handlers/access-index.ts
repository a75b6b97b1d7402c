import type { Principal } from '../auth/principal.js';
import type { Handler } from '../contract.js';
import {
  createAdministration,
  getPublicSettings,
  listAdministrations,
  updateAdministration,
} from './administrations.js';
import { listComponents, updateComponent } from './components.js';
import type { Deps } from './deps.js';
import { exitImpersonation, impersonateUser } from './impersonation.js';
import { createProfile, deleteProfile, listProfiles } from './profiles.js';
import { listTrainingRoleMappings, updateTrainingRoleMappings } from './role-mappings.js';
import { createTrackingEvents } from './tracking.js';

/** Handlers of the access model, portal administration, users and tracking capture. */
export function accessHandlers(deps: Deps): Record<string, Handler<Principal>> {
  return {
    listComponents: listComponents(deps),
    updateComponent: updateComponent(deps),
    listProfiles: listProfiles(deps),
    createProfile: createProfile(deps),
    deleteProfile: deleteProfile(deps),
    listAdministrations: listAdministrations(deps),
    createAdministration: createAdministration(deps),
    updateAdministration: updateAdministration(deps),
    getPublicSettings: getPublicSettings(deps),
    impersonateUser: impersonateUser(deps),
    exitImpersonation: exitImpersonation(deps),
    listTrainingRoleMappings: listTrainingRoleMappings(deps),
    updateTrainingRoleMappings: updateTrainingRoleMappings(deps),
    createTrackingEvents: createTrackingEvents(deps),
  };
}
