import { listProfilesQuery } from '@portal/api/administration';
import { useQuery } from '@tanstack/react-query';

/**
 * Whether the caller may act on a user (edit, reset, disable, delete, view the portal as him):
 * the user's profile must be one the caller may give (`GET /profiles?assignable=true`, the
 * backend's own rule). While the list loads the actions stay hidden; if it cannot be read they
 * show, and the backend decides.
 */
export function useCanManage(): (user: { profile: { '@id': string } }) => boolean {
  const assignable = useQuery(listProfilesQuery({ assignable: true }));
  const ids = new Set(assignable.data?.['hydra:member'].map((profile) => profile['@id']));
  return (user) => assignable.isError || ids.has(user.profile['@id']);
}
