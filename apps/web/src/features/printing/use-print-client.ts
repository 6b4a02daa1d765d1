import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PrinterClient } from '@verzendhuis/contract/printing';
import { useApiClient } from '../../app/api/use-api-client';
import { useLocalPrintClient } from './local-print-client-context';
import { isPrintClientReady, printClientNotFound, reconnectNeeded, sameServer, type LocalPrintClientState } from './local-print-client';

export const printingKeys = {
  /** The local print client's state (not the API's: it lives on this computer). */
  local: ['print-client', 'local'] as const,
  /** The organisation's paired clients (GET printer-client/). */
  clients: ['print-client', 'server'] as const,
} as const;

/** How often the state of the local client is read while something shows it. */
export const localPollMs = 5000;

/** The user pressed "Verbinding verbreken" in this tab: not reconnected by itself until they connect or pair again. */
let userDisconnected = false;

export const appOrigin = (): string => (typeof window === 'undefined' ? 'http://localhost' : window.location.origin);

/**
 * The local print client's state, read again every few seconds while `enabled`; a failed
 * read is "not found". Account spec §7: a client that answers but is not connected is
 * reconnected, an unpaired one pointed at this app (reconnectNeeded), once per state seen
 * (a client that cannot connect is not asked again and again).
 */
export function useLocalPrintClientState({ enabled = true }: { enabled?: boolean } = {}) {
  const local = useLocalPrintClient();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: printingKeys.local,
    queryFn: (): Promise<LocalPrintClientState> => local.state(),
    enabled,
    refetchInterval: enabled ? localPollMs : false,
    refetchOnWindowFocus: true,
    // The read never fails: "not found" is an answer.
    retry: false,
  });
  const state = query.data ?? printClientNotFound;
  const tried = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled || !query.data) return;
    const need = reconnectNeeded(query.data, appOrigin(), { userDisconnected });
    const key = JSON.stringify([query.data.serverUrl, query.data.printerClientId, query.data.connected]);
    if ((!need.setServerUrl && !need.connect) || tried.current === key) return;
    tried.current = key;
    void (async () => {
      try {
        if (need.setServerUrl) await local.setServerUrl(appOrigin());
        if (need.connect) await local.connect();
      } catch {
        // The next read shows what the client made of it; its errors reset its state.
      }
      await queryClient.invalidateQueries({ queryKey: printingKeys.local });
    })();
  }, [enabled, query.data, local, queryClient]);
  return { state, checking: query.isPending && enabled, ready: isPrintClientReady(state), refresh: () => query.refetch() };
}

/** GET printer-client/: the organisation's paired clients. */
export function usePrinterClients() {
  const client = useApiClient();
  return useQuery({
    queryKey: printingKeys.clients,
    queryFn: async (): Promise<PrinterClient[]> => (await client.printing.clients()).data,
    refetchInterval: localPollMs,
  });
}

/** The page's changes: choose the label printer, pair, disconnect (local); rename, unpair (server). */
export function usePrintClientMutations() {
  const client = useApiClient();
  const local = useLocalPrintClient();
  const queryClient = useQueryClient();
  const refreshAll = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: printingKeys.local }),
      queryClient.invalidateQueries({ queryKey: printingKeys.clients }),
    ]);
  };
  return {
    selectPrinter: useMutation({ mutationFn: (name: string) => local.setLabelPrinter(name), onSettled: refreshAll }),
    /** "Koppelen" in one step: point the client at this app, ask the server for a code, hand it to the client. */
    pair: useMutation({
      mutationFn: async () => {
        const state = await local.state();
        if (!sameServer(state.serverUrl, appOrigin())) await local.setServerUrl(appOrigin());
        const { data } = await client.printing.pair();
        await local.connect(data.code);
        userDisconnected = false;
      },
      onSettled: refreshAll,
    }),
    disconnect: useMutation({
      mutationFn: async () => {
        userDisconnected = true;
        await local.disconnect();
      },
      onSettled: refreshAll,
    }),
    reconnect: useMutation({
      mutationFn: async () => {
        userDisconnected = false;
        await local.connect();
      },
      onSettled: refreshAll,
    }),
    rename: useMutation({
      mutationFn: ({ id, name }: { id: string; name: string }) => client.printing.rename(id, { name }),
      onSettled: refreshAll,
    }),
    unpair: useMutation({ mutationFn: (id: string) => client.printing.unpair(id), onSettled: refreshAll }),
  };
}
