import {
  findConsultantForUserQuery,
  getUserQuery,
  listProfilesQuery,
  type Profile,
  type User,
  useCreateUser,
  useEditUser,
} from '@portal/api/administration';
import { ApiError, violationsByField } from '@portal/api/hydra';
import { Alert } from '@portal/ui/alert';
import { Button } from '@portal/ui/button';
import { SelectField } from '@portal/ui/select-field';
import { showSnackbar } from '@portal/ui/snackbar';
import { TextField } from '@portal/ui/text-field';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { isDisabled } from '@portal/auth';
import { BackLink } from '../list-kit';
import { staffPaths } from '../paths/staff';
import { messages } from './messages';

interface Values {
  email: string;
  lastName: string;
  firstName: string;
  /** The profile's IRI. */
  profile: string;
  cgpId: string;
}

const EMPTY: Values = { email: '', lastName: '', firstName: '', profile: '', cgpId: '' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX = 180;

/** An agent profile: its role contains ROLE_MANDATAIRE (spec part 2 §5). */
const isAgentProfile = (profile: Profile | undefined) =>
  !!profile && (profile.type === 'Mandataire' || profile.name.includes('ROLE_MANDATAIRE'));

const valuesOf = (user: User): Values => ({
  email: user.email,
  lastName: user.lastName,
  firstName: user.firstName,
  profile: user.profile['@id'],
  cgpId: user.cgpId ?? '',
});

/** The form's own checks, the server's words (it checks again and has the last word). */
function check(values: Values, agent: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.email.trim()) errors.email = messages.required;
  else if (!EMAIL.test(values.email.trim())) errors.email = messages.invalidEmail;
  if (!values.lastName.trim()) errors.lastName = messages.required;
  if (!values.firstName.trim()) errors.firstName = messages.required;
  if (!values.profile) errors.profile = messages.required;
  if (agent && !values.cgpId.trim()) errors.cgpId = messages.required;
  return errors;
}

/**
 * /administration/users/create and /administration/users/{id}/edit (`users_edit_page`): e-mail,
 * names, profile and, for an agent profile, the CGP id that 'Rechercher ID CGP' fills from the
 * active agent of that address and name. Saving a suspended account reactivates it.
 */
export function UserFormPage({ id }: { id?: string }) {
  const userId = id === undefined ? null : Number(id);
  const editing = userId !== null;
  const valid = !editing || (Number.isInteger(userId) && userId > 0);
  const user = useQuery({ ...getUserQuery(userId ?? 0), enabled: editing && valid });
  const profiles = useQuery(listProfilesQuery());

  if (editing && (!valid || (user.error instanceof ApiError && user.error.status === 404)))
    return (
      <div className="space-y-4">
        <BackLink fallback={staffPaths.users} label={messages.backToUsers} />
        <Alert variant="error">{messages.userNotFound}</Alert>
      </div>
    );
  if (editing && user.isError)
    return <Alert variant="error">{messages.errorPrefix + user.error.message}</Alert>;
  if ((editing && !user.data) || !profiles.data) return <p role="status">{messages.loading}</p>;
  return (
    <UserForm
      user={user.data ?? null}
      profiles={profiles.data['hydra:member']}
      key={user.data?.id ?? 'new'}
    />
  );
}

function UserForm({ user, profiles }: { user: User | null; profiles: Profile[] }) {
  const [values, setValues] = useState<Values>(user ? valuesOf(user) : EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const profile = profiles.find((p) => p['@id'] === values.profile);
  const agent = isAgentProfile(profile);

  const onSaved = (saved: User, message: string) => {
    showSnackbar(message, 'success');
    navigate(staffPaths.userDetail(saved.id));
  };
  const onError = (error: Error) => {
    const byField = error instanceof ApiError ? violationsByField(error.body) : {};
    if (Object.keys(byField).length > 0) setErrors(byField);
    else setFailure(messages.errorPrefix + error.message);
  };
  const create = useCreateUser({ onSuccess: (u) => onSaved(u, messages.userCreated), onError });
  const edit = useEditUser({ onSuccess: (u) => onSaved(u, messages.userEdited), onError });
  const pending = create.isPending || edit.isPending;

  const set = (patch: Partial<Values>) => setValues((current) => ({ ...current, ...patch }));

  const searchCgp = async () => {
    setSearching(true);
    setFailure(null);
    try {
      const found = await queryClient.fetchQuery(
        findConsultantForUserQuery({
          email: values.email.trim(),
          lastName: values.lastName.trim(),
          firstName: values.firstName.trim(),
        }),
      );
      const [first] = found['hydra:member'];
      if (first) {
        set({ cgpId: first.idCgp });
        setErrors(({ cgpId: _cgpId, ...rest }) => rest);
      } else setErrors((current) => ({ ...current, cgpId: messages.cgpNotFound }));
    } catch (error) {
      setFailure(messages.errorPrefix + (error as Error).message);
    } finally {
      setSearching(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = check(values, agent);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = {
      email: values.email.trim(),
      lastName: values.lastName.trim(),
      firstName: values.firstName.trim(),
      profile: values.profile,
      cgpId: agent ? values.cgpId.trim() : null,
    };
    if (user) edit.mutate({ id: user.id, ...body });
    else create.mutate(body);
  };

  return (
    <div className="max-w-2xl space-y-6">
      <BackLink
        fallback={user ? staffPaths.userDetail(user.id) : staffPaths.users}
        label={messages.backToUsers}
      />
      <h1 className="text-2xl font-semibold text-ink">
        {user ? messages.editUserTitle : messages.createUserTitle}
      </h1>
      {user && isDisabled(user) && <Alert variant="warning">{messages.disabledNotice}</Alert>}
      {failure && <Alert variant="error">{failure}</Alert>}
      <form
        noValidate
        onSubmit={submit}
        className="space-y-4 rounded-card bg-surface p-6 shadow-sm"
      >
        <TextField
          label={messages.email}
          type="email"
          required
          maxLength={MAX}
          autoComplete="off"
          value={values.email}
          error={errors.email}
          onChange={(event) => set({ email: event.target.value })}
        />
        <TextField
          label={messages.lastName}
          required
          maxLength={MAX}
          value={values.lastName}
          error={errors.lastName}
          onChange={(event) => set({ lastName: event.target.value })}
        />
        <TextField
          label={messages.firstName}
          required
          maxLength={MAX}
          value={values.firstName}
          error={errors.firstName}
          onChange={(event) => set({ firstName: event.target.value })}
        />
        <SelectField
          label={messages.profile}
          required
          placeholder={messages.chooseProfile}
          options={profiles.map((p) => ({ value: p['@id'], label: p.title }))}
          value={values.profile}
          error={errors.profile}
          onChange={(event) => set({ profile: event.target.value })}
        />
        {agent && (
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              label={messages.cgpId}
              required
              maxLength={32}
              hint={messages.cgpHint}
              value={values.cgpId}
              error={errors.cgpId}
              onChange={(event) => set({ cgpId: event.target.value })}
              className="min-w-64 flex-1"
            />
            <Button
              type="button"
              variant="secondary"
              loading={searching}
              onClick={() => void searchCgp()}
            >
              {messages.searchCgp}
            </Button>
          </div>
        )}
        <div className="flex justify-end gap-3">
          <Button type="submit" loading={pending}>
            {messages.save}
          </Button>
        </div>
      </form>
    </div>
  );
}
