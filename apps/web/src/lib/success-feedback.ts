import { notify } from './notifier';

/**
 * Options for `mutation.mutate` that confirm a save: once the server accepted it, `message` as a
 * success notification, then `after` (close the form, reset it). A failure is shown by the HTTP
 * client and leaves the form open.
 */
export function onSuccessNotify(message: string, after: () => void = () => undefined) {
  return {
    onSuccess: () => {
      notify.success(message);
      after();
    },
  };
}
