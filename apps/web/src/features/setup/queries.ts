import { useMutation } from '@tanstack/react-query';
import { submitSetup } from './api';

export { setupQueryKey, useSetupStatusQuery } from '../../status/setup-state';

export function useSubmitSetupMutation() {
  return useMutation({ mutationFn: submitSetup });
}
