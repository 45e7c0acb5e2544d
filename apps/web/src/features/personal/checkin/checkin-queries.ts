import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@tanstack/react-query';
import { useRefreshSelf } from '../../../session/self-user';
import { fetchCheckinStatus, postCheckin } from './checkin-api';

const checkinKey = ['self', 'checkin'] as const;

/** The check-in status of one month (`YYYY-MM`). */
export function useCheckinQuery(month: string, enabled: boolean) {
  return useQuery({
    queryKey: [...checkinKey, month],
    queryFn: () => fetchCheckinStatus(month),
    enabled,
  });
}

/** Today's check-in; then the balance and every month's calendar are read again. */
export function useCheckinMutation() {
  const queryClient = useQueryClient();
  const refreshSelf = useRefreshSelf();
  return useMutation({
    mutationFn: postCheckin,
    onSuccess: () =>
      Promise.all([refreshSelf(), queryClient.invalidateQueries({ queryKey: checkinKey })]),
  });
}
