import { zodResolver } from '@hookform/resolvers/zod';
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
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { useLocation } from 'wouter';
import { isDisabled } from '@portal/auth';
import { BackLink } from '../list-kit';
import { staffPaths } from '../paths/staff';
import { messages } from './messages';

const MAX = 180;
const CGP_MAX = 32;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const requiredText = (max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, messages.required), z.maxLength(max, messages.tooLong(max)));

/** An agent profile: its role contains ROLE_MANDATAIRE (spec part 2 §5). */
const isAgentProfile = (profile: Profile | undefined) =>
  !!profile && (profile.type === 'Mandataire' || profile.name.includes('ROLE_MANDATAIRE'));

/**
 * The form's own checks, in the server's words (it checks again and has the last word); the
 * CGP id is required for an agent profile only.
 */
const userSchema = (profiles: Profile[]) =>
  z
    .object({
      email: z
        .string()
        .check(
          z.trim(),
          z.minLength(1, messages.required),
          z.regex(EMAIL, messages.invalidEmail),
          z.maxLength(MAX, messages.tooLong(MAX)),
        ),
      lastName: requiredText(MAX),
      firstName: requiredText(MAX),
      /** The profile's IRI. */
      profile: z.string().check(z.minLength(1, messages.required)),
      cgpId: z.string().check(z.trim(), z.maxLength(CGP_MAX, messages.tooLong(CGP_MAX))),
    })
    .check(
      z.refine(
        (values) =>
          !isAgentProfile(profiles.find((p) => p['@id'] === values.profile)) || values.cgpId !== '',
        { message: messages.required, path: ['cgpId'] },
      ),
    );
type Values = z.output<ReturnType<typeof userSchema>>;
const FIELDS = ['email', 'lastName', 'firstName', 'profile', 'cgpId'] as const;

const EMPTY: Values = { email: '', lastName: '', firstName: '', profile: '', cgpId: '' };

const valuesOf = (user: User): Values => ({
  email: user.email,
  lastName: user.lastName,
  firstName: user.firstName,
  profile: user.profile['@id'],
  cgpId: user.cgpId ?? '',
});

/**
 * /administration/users/create and /administration/users/{id}/edit (`users_edit_page`): e-mail,
 * names, profile and, for an agent profile, the CGP id that 'Rechercher ID CGP' fills from the
 * active agent of that address and name. Saving a suspended account reactivates it. Only the
 * profiles the caller may give are offered, and an account holding rights he lacks is not his to
 * edit.
 */
export function UserFormPage({ id }: { id?: string }) {
  const userId = id === undefined ? null : Number(id);
  const editing = userId !== null;
  const valid = !editing || (Number.isInteger(userId) && userId > 0);
  const user = useQuery({ ...getUserQuery(userId ?? 0), enabled: editing && valid });
  const profiles = useQuery(listProfilesQuery({ assignable: true }));

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
  const offered = profiles.data['hydra:member'];
  if (user.data && !offered.some((profile) => profile['@id'] === user.data.profile['@id']))
    return (
      <div className="space-y-4">
        <BackLink fallback={staffPaths.userDetail(user.data.id)} label={messages.backToUsers} />
        <Alert variant="info">{messages.userAboveYou}</Alert>
      </div>
    );
  return <UserForm user={user.data ?? null} profiles={offered} key={user.data?.id ?? 'new'} />;
}

function UserForm({ user, profiles }: { user: User | null; profiles: Profile[] }) {
  const [schema] = useState(() => userSchema(profiles));
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    setError,
    clearErrors,
    watch,
    formState: { errors },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: user ? valuesOf(user) : EMPTY,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  // eslint-disable-next-line react-hooks/incompatible-library -- `watch`, not `useWatch` (docs/budgets.md)
  const profile = profiles.find((p) => p['@id'] === watch('profile'));
  const agent = isAgentProfile(profile);

  const onSaved = (saved: User, message: string) => {
    showSnackbar(message, 'success');
    navigate(staffPaths.userDetail(saved.id));
  };
  // Everything typed stays; the server's violations go next to their fields.
  const onError = (error: Error) => {
    const byField = error instanceof ApiError ? violationsByField(error.body) : {};
    let placed = false;
    for (const [path, message] of Object.entries(byField)) {
      // The server names the profile's field after the spec's `roles`.
      const field = FIELDS.find((name) => name === (path === 'roles' ? 'profile' : path));
      if (field) {
        setError(field, { message });
        placed = true;
      }
    }
    if (!placed) setFailure(messages.errorPrefix + error.message);
  };
  const create = useCreateUser({ onSuccess: (u) => onSaved(u, messages.userCreated), onError });
  const edit = useEditUser({ onSuccess: (u) => onSaved(u, messages.userEdited), onError });
  const pending = create.isPending || edit.isPending;

  const searchCgp = async () => {
    setSearching(true);
    setFailure(null);
    const values = getValues();
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
        setValue('cgpId', first.idCgp);
        clearErrors('cgpId');
      } else setError('cgpId', { message: messages.cgpNotFound });
    } catch (error) {
      setFailure(messages.errorPrefix + (error as Error).message);
    } finally {
      setSearching(false);
    }
  };

  // The spec's calls: the profile goes as the first role (POST /users, PATCH on the @id).
  const submit = handleSubmit(({ profile: _iri, ...values }) => {
    setFailure(null);
    const body = { ...values, roles: [profile!.name], cgpId: agent ? values.cgpId : null };
    if (user) edit.mutate({ id: user.id, ...body });
    else create.mutate(body);
  });

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
        onSubmit={(event) => void submit(event)}
        className="space-y-4 rounded-card bg-surface p-6 shadow-sm"
      >
        <TextField
          label={messages.email}
          type="email"
          required
          maxLength={MAX}
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label={messages.lastName}
          required
          maxLength={MAX}
          error={errors.lastName?.message}
          {...register('lastName')}
        />
        <TextField
          label={messages.firstName}
          required
          maxLength={MAX}
          error={errors.firstName?.message}
          {...register('firstName')}
        />
        <SelectField
          label={messages.profile}
          required
          placeholder={messages.chooseProfile}
          options={profiles.map((p) => ({ value: p['@id'], label: p.title }))}
          error={errors.profile?.message}
          {...register('profile')}
        />
        {agent && (
          <div className="flex flex-wrap items-end gap-3">
            <TextField
              label={messages.cgpId}
              required
              maxLength={CGP_MAX}
              hint={messages.cgpHint}
              error={errors.cgpId?.message}
              {...register('cgpId')}
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
