import { describe, expect, it } from 'vitest'
import { ADMIN_API_ROOT, adminApi, isAdminApiPath } from './admin-api'
import { errorCodesOf } from './openapi'
import { type ApiRoute, api, isConsoleRole, OPERATORS } from './routes'

const adminRoutes = Object.entries(adminApi) as Array<[string, ApiRoute]>

describe("the console's API table", () => {
  it('lives under /admin/api/, tagged admin, and the members’ table has nothing there', () => {
    for (const [name, route] of adminRoutes) {
      expect(route.path.startsWith(`${ADMIN_API_ROOT}/`), name).toBe(true)
      expect(route.tag, name).toBe('admin')
    }
    for (const [name, route] of Object.entries(api) as Array<[string, ApiRoute]>) {
      expect(isAdminApiPath(route.path), name).toBe(false)
      expect(route.tag, name).not.toBe('admin')
    }
  })

  it('admits operators alone, or (to sign in) anyone, never operators and members together', () => {
    for (const [name, route] of adminRoutes) {
      const consoleRoles = route.roles.filter(isConsoleRole)
      if (consoleRoles.length > 0) expect(consoleRoles, name).toEqual(route.roles)
    }
  })

  it("lists the console guard's refusals: nobody signed in, and a role not admitted", () => {
    const every = errorCodesOf({ ...adminApi.operatorSession, roles: OPERATORS })
    expect(every).toContain('OPERATOR_UNAUTHENTICATED')
    expect(every).not.toContain('FORBIDDEN')
    expect(every).not.toContain('UNAUTHENTICATED')
    const adminsOnly = errorCodesOf({ ...adminApi.operatorSession, roles: ['ADMIN'] })
    expect(adminsOnly).toEqual(expect.arrayContaining(['OPERATOR_UNAUTHENTICATED', 'FORBIDDEN']))
  })

  it('knows its paths', () => {
    expect(isAdminApiPath('/admin/api/session')).toBe(true)
    expect(isAdminApiPath('/admin/api')).toBe(true)
    expect(isAdminApiPath('/admin/apis')).toBe(false)
    expect(isAdminApiPath('/admin/operators')).toBe(false)
  })
})
