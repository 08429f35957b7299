import { createContext, type ReactNode, useContext, useMemo } from 'react'
import type { SignedInOperator } from '../session/session-api'
import { type ApplicationAccess, applicationAccessOf } from './application-access'

interface ApplicationsContextValue {
  operator: SignedInOperator
  access: ApplicationAccess
}

const ApplicationsContext = createContext<ApplicationsContextValue | null>(null)

/** The signed-in operator and what their role may do in the area. */
export function ApplicationsProvider({
  operator,
  children,
}: {
  operator: SignedInOperator
  children: ReactNode
}) {
  const value = useMemo(() => ({ operator, access: applicationAccessOf(operator.role) }), [operator])
  return <ApplicationsContext.Provider value={value}>{children}</ApplicationsContext.Provider>
}

export function useApplications(): ApplicationsContextValue {
  const value = useContext(ApplicationsContext)
  if (!value) throw new Error('useApplications outside ApplicationsProvider')
  return value
}
