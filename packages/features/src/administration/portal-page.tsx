import { Gate, useHasComponent } from '@portal/auth';
import { ComponentMatrix } from './component-matrix';
import { messages } from './messages';
import { AddProfileForm, DeleteProfileForm } from './profile-forms';
import { SupportEmailForm } from './support-email-form';

/** /administration/portail: support address, profiles and the component matrices. */
export function PortalAdministrationPage() {
  const agentMatrix = useHasComponent('portail_agents_components');
  const staffMatrix = useHasComponent('hubnup_components');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold text-ink">{messages.portalTitle}</h1>
      <Gate component="portail_settings">
        <SupportEmailForm />
        <section aria-labelledby="profiles-title" className="rounded-card bg-surface p-6 shadow-sm">
          <h2 id="profiles-title" className="mb-4 text-lg font-semibold text-ink">
            {messages.profilesTitle}
          </h2>
          <div className="grid gap-8 md:grid-cols-2">
            <AddProfileForm />
            <DeleteProfileForm />
          </div>
        </section>
      </Gate>
      {(agentMatrix || staffMatrix) && (
        <section aria-labelledby="components-title" className="space-y-6">
          <h2 id="components-title" className="text-lg font-semibold text-ink">
            {messages.componentsTitle}
          </h2>
          {agentMatrix && <ComponentMatrix type="Mandataire" caption={messages.agentMatrix} />}
          {staffMatrix && <ComponentMatrix type="Hubnup" caption={messages.staffMatrix} />}
        </section>
      )}
    </div>
  );
}
