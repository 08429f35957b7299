import { useQuery } from '@tanstack/react-query'
import {
  machineQueryKey,
  modelsQueryKey,
  readMachine,
  readModels,
  readShop,
  shopQueryKey,
} from './booths-api'

/** Every machine model, the newest first. */
export function useModels() {
  return useQuery({ queryKey: modelsQueryKey, queryFn: ({ signal }) => readModels(signal) })
}

/** A shop; none is asked for while `shopId` is not known yet. */
export function useShop(shopId: string | undefined) {
  return useQuery({
    queryKey: shopQueryKey(shopId ?? ''),
    queryFn: ({ signal }) => readShop(shopId ?? '', signal),
    enabled: shopId !== undefined,
  })
}

/** A machine with its keys. */
export function useMachineDetail(machineId: string) {
  return useQuery({
    queryKey: machineQueryKey(machineId),
    queryFn: ({ signal }) => readMachine(machineId, signal),
  })
}
