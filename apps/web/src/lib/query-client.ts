import { QueryClient } from "@tanstack/react-query";

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Auth data changes through explicit actions that invalidate it; refetching on
      // every focus would only add noise to the server's session log.
      refetchOnWindowFocus: false,
      retry: 1,
    },
  },
});
