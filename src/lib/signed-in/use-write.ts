import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A signed-in write as every form of the console and the set-up pages sends it: TanStack Query's `useMutation`, its
 * `isPending` the form's "Saving…", its `error` the refusal the form reads its field errors from, its `data` the
 * saved answer. Once the write is accepted, what it made stale (key prefixes from the key factories) is read again
 * before the write counts as done, so the page shows the change when the form says it is saved.
 */
export function useWrite<Variables, Answer>({
  write,
  stale,
  refreshAfterRefusal = false,
  onAccepted,
  onSuccess,
  onError,
}: {
  write: (variables: Variables) => Promise<Answer>;
  /** the key prefixes this write makes stale */
  stale?: (variables: Variables, answer: Answer | undefined) => readonly QueryKey[];
  /** read them again after a refusal too (not waited for): a write of several steps may have made some of them */
  refreshAfterRefusal?: boolean;
  /** at once, before the refresh: what the form clears as soon as the API has accepted the write */
  onAccepted?: (answer: Answer, variables: Variables) => void;
  /** after the refresh (the page shows the change); the write counts as done once what it returns has settled */
  onSuccess?: (answer: Answer, variables: Variables) => unknown;
  onError?: (error: Error, variables: Variables) => void;
}) {
  const queryClient = useQueryClient();
  const refresh = (variables: Variables, answer: Answer | undefined) =>
    Promise.all((stale?.(variables, answer) ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: write,
    // Sent whatever the browser says of its network: with no connection the refusal says so at once ("nothing was
    // sent"), where a paused write would sit at "Saving…".
    networkMode: 'always',
    onSuccess: async (answer, variables) => {
      onAccepted?.(answer, variables);
      await refresh(variables, answer);
      await onSuccess?.(answer, variables);
    },
    // A refusal is shown at once; what a write of several steps may have changed is read again meanwhile.
    onError: (error, variables) => {
      onError?.(error, variables);
      if (refreshAfterRefusal) void refresh(variables, undefined);
    },
  });
}
