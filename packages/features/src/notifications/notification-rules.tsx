import { listNotificationRulesQuery, useUpdateNotificationRule } from '@portal/api/notifications';
import { Alert } from '@portal/ui/alert';
import { showSnackbar } from '@portal/ui/snackbar';
import { useQuery } from '@tanstack/react-query';
import { messages } from './messages';

/** The automatic notification rules, each with its activation toggle (`activate_notifications`). */
export function NotificationRules() {
  const rules = useQuery(listNotificationRulesQuery());
  // The rules are refetched after each toggle, saved or not.
  const toggle = useUpdateNotificationRule({
    onSuccess: () => showSnackbar(messages.ruleSaved, 'success'),
    onError: (error) => showSnackbar(messages.errorPrefix + error.message, 'error'),
  });

  const members = rules.data?.['hydra:member'] ?? [];

  return (
    <section aria-labelledby="rules-title" className="rounded-card bg-surface p-6 shadow-sm">
      <h2 id="rules-title" className="text-lg font-semibold text-ink">
        {messages.rulesTitle}
      </h2>
      <p className="mt-1 mb-4 text-sm text-muted">{messages.rulesHint}</p>
      {rules.isPending && <p role="status">{messages.loading}</p>}
      {rules.isError && <Alert variant="error">{messages.errorPrefix + rules.error.message}</Alert>}
      {rules.isSuccess && members.length === 0 && (
        <p className="text-sm text-muted">{messages.noRules}</p>
      )}
      <ul className="flex flex-col gap-3">
        {members.map((rule) => {
          const pending = toggle.isPending && toggle.variables?.id === rule.id;
          const checked = pending ? Boolean(toggle.variables?.isActivate) : rule.isActivate;
          return (
            <li key={rule.id}>
              <label className="flex items-center gap-3 text-sm text-ink">
                <input
                  type="checkbox"
                  role="switch"
                  className="size-4 accent-brand-600"
                  checked={checked}
                  disabled={pending}
                  aria-label={messages.ruleActive(rule.label || rule.name)}
                  onChange={(event) =>
                    toggle.mutate({ id: rule.id, isActivate: event.target.checked })
                  }
                />
                <span>{rule.label || rule.name}</span>
              </label>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
