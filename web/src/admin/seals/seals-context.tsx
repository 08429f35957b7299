import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { SignedInOperator } from '../session/session-api'
import { type SealAccess, sealAccessOf } from './seal-access'

interface SealsContextValue {
  operator: SignedInOperator
  access: SealAccess
}

const SealsContext = createContext<SealsContextValue | null>(null)

/** The signed-in operator and what their role may do in the area. */
export function SealsProvider({ operator, children }: { operator: SignedInOperator; children: ReactNode }) {
  const value = useMemo(() => ({ operator, access: sealAccessOf(operator.role) }), [operator])
  return <SealsContext.Provider value={value}>{children}</SealsContext.Provider>
}

export function useSeals(): SealsContextValue {
  const value = useContext(SealsContext)
  if (!value) throw new Error('useSeals outside SealsProvider')
  return value
}
